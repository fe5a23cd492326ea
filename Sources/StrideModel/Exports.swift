@_exported import StrideBase
