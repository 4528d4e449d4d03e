"""What a run reports: its summary and result columns, the relevance readings, the callbacks
that write the results folder and show progress, plots, TensorBoard and MLflow logs."""
