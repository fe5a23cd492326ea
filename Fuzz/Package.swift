// swift-tools-version:6.0
import PackageDescription

// Stride's coverage-guided fuzz targets, built apart from the product with libFuzzer and AddressSanitizer:
// `Scripts/fuzz TARGET [SECONDS]` builds this package and runs one target (Docs/reliability.md).
let package = Package(
  name: "StrideFuzz",
  dependencies: [.package(name: "Stride", path: "..")],
  targets: [
    .executableTarget(
      name: "stride-fuzz",
      dependencies: [
        .product(name: "StrideModel", package: "Stride"), .product(name: "StrideProtocol", package: "Stride"),
        .product(name: "StrideTransport", package: "Stride"),
        .product(name: "StrideCalendar", package: "Stride"), .product(name: "StrideStore", package: "Stride"),
        .product(name: "StrideInterop", package: "Stride"),
        .product(name: "StrideCore", package: "Stride"),
        .product(name: "StrideCalDAV", package: "Stride"), .product(name: "StrideDBus", package: "Stride"),
        .product(name: "StrideMCP", package: "Stride"),
      ])
  ],
  swiftLanguageModes: [.v6]
)
