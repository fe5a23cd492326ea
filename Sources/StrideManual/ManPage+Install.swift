import StrideBase
import StridePlatform

/// Putting the pages where man(1) finds them (`stride daemon install`).
extension ManPage {
  /// Writes each page's roff into its section's folder of `directory` (`man1/stride.1`, `man8/strided.8`,
  /// `man5/stride-config.5`), replacing what was there; returns the files, in the order given.
  public static func install(_ pages: [(page: ManPage, roff: String)], into directory: String) throws(StrideError)
    -> [String]
  {
    var written: [String] = []
    for (page, text) in pages {
      let folder = directory + "/man\(page.section)"
      let file = folder + "/" + page.fileName
      do {
        try System.makeDirectories(folder, mode: 0o755)
        try System.replaceFile(file, with: text.utf8)
      } catch {
        throw StrideError(
          .storageFailed, "could not write the manual page \(file) (\(error)); check that you can write there")
      }
      written.append(file)
    }
    return written
  }

  /// Whether man(1) looks in `directory` with this environment, by man-db's rules: the directories in `MANPATH`
  /// when it is set (an empty part, as in `MANPATH=/a:`, also takes in the usual ones), else for each directory on
  /// `PATH` the `../share/man` and `../man` beside it. So `~/.local/share/man` is found when `~/.local/bin` is on
  /// `PATH`. (A `~/.manpath` or the system's manpath.config may add more; they are not read here.)
  public static func manFinds(_ directory: String, environment: [String: String]) -> Bool {
    let target = standardized(directory)
    if let manpath = environment["MANPATH"], !manpath.isEmpty {
      let parts = manpath.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
      if parts.contains(where: { !$0.isEmpty && standardized($0) == target }) { return true }
      guard parts.contains(where: \.isEmpty) else { return false }
    }
    return (environment["PATH"] ?? "").split(separator: ":").contains { bin in
      bin.hasPrefix("/") && [bin + "/../share/man", bin + "/../man"].contains { standardized($0) == target }
    }
  }

  /// The directory that, on `PATH`, makes man(1) look in `directory`: `~/.local/bin` for `~/.local/share/man`.
  public static func binDirectory(beside directory: String) -> String {
    let trimmed = standardized(directory)
    for suffix in ["/share/man", "/man"] where trimmed.hasSuffix(suffix) {
      return String(trimmed.dropLast(suffix.count)) + "/bin"
    }
    return trimmed + "/../bin"
  }

  private static func standardized(_ path: String) -> String { System.normalized(path) }
}
