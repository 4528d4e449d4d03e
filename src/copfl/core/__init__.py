"""The training substrate every algorithm stands on: the models and their FLOP counts, the flat
parameter view, the one workspace model that clients borrow and its local training loops (with
their hooks), per-client state in a store, personalization masks, and the one place where
clients' vectors are combined (aggregation). Imports nothing above :mod:`copfl.data`."""
