@_exported import StrideJSON
