"""The stand-in outputs: NVDA's controller client and JAWS's COM API, recording each call."""
