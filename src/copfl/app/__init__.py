"""The application layer under both the command line (:mod:`copfl.commands`) and the Python API
(:mod:`copfl.api`): what ``run``, ``compare`` and ``tune`` do once their options are read,
several seeds of a run or a comparison (:mod:`copfl.app.multiseed`) and the rows of a
comparison (:mod:`copfl.app.variants`)."""
