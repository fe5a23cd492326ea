// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "Stride",
  products: [
    .executable(name: "stride", targets: ["stride"]),
    .executable(name: "strided", targets: ["strided"]),
    .executable(name: "stride-bench", targets: ["stride-bench"]),
    .library(name: "StrideCore", targets: ["StrideCore"]),
    // For the fuzz targets in Fuzz/, which read what a CalDAV server sends.
    .library(name: "StrideSync", targets: ["StrideSync"]),
  ],
  targets: [
    .systemLibrary(
      name: "CSQLite",
      pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"])]
    ),
    .target(name: "StrideCore", dependencies: ["CSQLite"]),
    // The CalDAV client (FoundationNetworking): linked by the daemon only, so `stride` starts without it.
    .target(
      name: "StrideSync", dependencies: ["StrideCore"],
      // A static build asks for -lcurl; Linking/ holds the name, pointing at the libcurl runtime (Linking/README.md).
      linkerSettings: [.unsafeFlags(["-L\(Context.packageDirectory)/Linking"], .when(platforms: [.linux]))]),
    .executableTarget(name: "strided", dependencies: ["StrideCore", "StrideSync"]),
    .executableTarget(name: "stride", dependencies: ["StrideCore"]),
    .executableTarget(name: "stride-bench", dependencies: ["StrideCore"]),
    .testTarget(
      name: "StrideCoreTests", dependencies: ["StrideCore", "StrideSync"],
      // Engine scenarios, preferences and the capture fixtures are read from their paths, not bundled.
      exclude: ["Engine/Scenarios", "Capture/Fixtures"]),
  ],
  swiftLanguageModes: [.v6]
)
