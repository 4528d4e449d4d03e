"""Hyper-parameter search on validation data (``copfl tune``, ``compare --tune``): the search
spaces algorithms declare, the tuner (Optuna: the default setting first, TPE, Hyperband), its
objective, trial order, priors, the sealing of test data, and trials on Ray."""
