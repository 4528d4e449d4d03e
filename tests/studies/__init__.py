"""The scripts of studies/ (studies, their reports and diagnostics), on small made-up folders."""
