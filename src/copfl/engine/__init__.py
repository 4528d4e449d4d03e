"""The round engine (:class:`copfl.engine.loop.Engine`): the one loop of rounds, and what a
round works with: participation (newcomers, dropouts, stragglers), evaluation, FLOP accounting,
checkpoints and parallel clients on Ray. Runs any :class:`copfl.algorithms.base.Algorithm` with
the run's extensions around it."""
