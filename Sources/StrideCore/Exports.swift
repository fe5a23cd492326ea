@_exported import StridePlatform
