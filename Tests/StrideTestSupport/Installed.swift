import Foundation

/// Whether the real programs a test drives are here. `.ci/run` installs every one of them and sets
/// `STRIDE_REQUIRE_PROGRAMS`, so there a
/// test that needs one always runs (and fails, saying what to install, if one is missing); on a machine without
/// them, plain `swift test` leaves those tests out, saying why, instead of failing for what is not installed.
public enum Installed {
  /// True where the tests must run whatever is installed: under `.ci/run`.
  public static var required: Bool { ProcessInfo.processInfo.environment["STRIDE_REQUIRE_PROGRAMS"] != nil }

  /// Each program, by its path or its name on `PATH`, is there and can run.
  public static func all(_ programs: [String]) -> Bool {
    let path = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
    return programs.allSatisfy { program in
      program.contains("/")
        ? FileManager.default.isExecutableFile(atPath: program)
        : path.contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(program)") }
    }
  }

  /// Whether a test that needs `programs` runs here: always under `.ci/run`, elsewhere when they are installed.
  public static func runs(_ programs: [String]) -> Bool { required || all(programs) }
}
