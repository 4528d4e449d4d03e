"""One run from one configuration: the run's config (:mod:`copfl.execution.config`), the data
side it builds (:mod:`copfl.execution.federation`), the engine, algorithm and extensions it
assembles and runs in its results folder (:mod:`copfl.execution.experiment`), that folder's
identity and single writer (:mod:`copfl.execution.runfolder`), and clients on Ray workers
(:mod:`copfl.execution.ray_clients`)."""
