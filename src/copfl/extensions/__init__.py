"""What runs around an algorithm's steps without being the algorithm: the hooks the engine calls
(:mod:`copfl.extensions.run_extension`), differential privacy (mechanisms:
:mod:`copfl.extensions.privacy`, :mod:`copfl.extensions.dp_sgd`; hooks: :mod:`copfl.extensions.privacy_hooks`), attacks
(:mod:`copfl.extensions.attacks`, :mod:`copfl.extensions.attack_hooks`), robust aggregation
(:mod:`copfl.extensions.robust`) and unreliable clients (:mod:`copfl.extensions.unreliable`)."""
