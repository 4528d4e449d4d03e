"""copfl's tests, one folder per package of copfl (tests/core: copfl.core, ...), beside the tests of
its top-level modules (api, cli's commands in tests/commands, plugins, runtime) and the rules the
package and the suite keep. tests/docs runs what the README, docs/ and examples/ show;
tests/studies checks the study scripts (studies/); tests/golden holds the bit-identity records.
Shared helpers: helpers.py (``from helpers import ...``: conftest.py puts tests/ on the path)."""
