import Foundation

/// Where the repository's files are (Docs, Sources, the scenarios and fixtures beside the tests, the scripts the
/// tests run), found from this source file's path.
public enum Repository {
  public static let root: String = {
    var url = URL(fileURLWithPath: #filePath)
    while url.path != "/" {
      url.deleteLastPathComponent()
      if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url.path }
    }
    fatalError("Package.swift not found above \(#filePath)")
  }()
}
