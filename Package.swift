// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "Stride",
  products: [
    .executable(name: "stride", targets: ["stride"]),
    .executable(name: "strided", targets: ["strided"]),
    .executable(name: "stride-bench", targets: ["stride-bench"]),
    .library(name: "StrideCore", targets: ["StrideCore"]),
  ],
  targets: [
    .systemLibrary(
      name: "CSQLite",
      pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"])]
    ),
    .target(name: "StrideCore", dependencies: ["CSQLite"]),
    .executableTarget(name: "strided", dependencies: ["StrideCore"]),
    .executableTarget(name: "stride", dependencies: ["StrideCore"]),
    .executableTarget(name: "stride-bench", dependencies: ["StrideCore"]),
    .testTarget(
      name: "StrideCoreTests", dependencies: ["StrideCore"],
      // Engine scenarios and preferences are read from their paths, not bundled.
      exclude: ["Engine/Scenarios"]),
  ],
  swiftLanguageModes: [.v6]
)
