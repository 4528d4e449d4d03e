"""``copfl reproduce``: the three papers' tables and figures (CO-PFL, pFedSV, DPAO-PFL), our numbers
beside the papers'."""
