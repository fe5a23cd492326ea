@_exported import StrideWire
