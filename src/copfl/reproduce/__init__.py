"""``copfl reproduce``: the CO-PFL paper's tables and figures, our numbers beside the paper's."""

from copfl.reproduce.experiments import EXPERIMENTS, SCALES
from copfl.reproduce.reproduction import ReproduceRequest, Reproduction, reproduce

__all__ = ["EXPERIMENTS", "SCALES", "ReproduceRequest", "Reproduction", "reproduce"]
