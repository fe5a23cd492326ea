import Foundation

@testable import StrideCore
@testable import StridePlatform

/// A Python package the tests drive a real program with (Radicale, the MCP SDK): python3's own when it has one,
/// else installed once from PyPI into the package's `.build/<name>`, so `swift test` works on a machine without it.
enum PythonPackage {
  /// The folder to put on PYTHONPATH for `module`, or nil when python3 imports it already. With a `version`, only
  /// that release will do (a test whose answers depend on the package's release pins it), wherever it is found.
  static func path(module: String, package: String, version: String? = nil) -> String? {
    // Asked without importing, so that a missing module is an answer, not a traceback in the tests' output.
    let probe =
      version.map { version in
        "import importlib.metadata as m, sys; sys.exit(all((d.metadata['Name'] or '').lower() != '\(package)' "
          + "or d.version != '\(version)' for d in m.distributions()))"
      } ?? "import importlib.util, sys; sys.exit(importlib.util.find_spec('\(module)') is None)"
    if run(["python3", "-c", probe]) { return nil }
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().path
    let target = root + "/.build/" + package
    if run(["PYTHONPATH=" + target, "python3", "-c", probe]) { return target }
    _ = run([
      "python3", "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--upgrade", "--target", target,
      version.map { package + "==" + $0 } ?? package,
    ])
    return target
  }

  /// Runs a command through env and says whether it succeeded. The project's own helper: posix_spawn and its own
  /// waitpid, which Foundation's Process (reaping its children on another thread) would race.
  static func run(_ arguments: [String], input: [UInt8] = [], timeout: Double = 300) -> Bool {
    ExternalCommand.run(["/usr/bin/env"] + arguments, input: input, timeout: timeout) != nil
  }
}
