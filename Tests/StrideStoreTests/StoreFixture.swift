import StrideTestSupport

@testable import StrideStore

extension Fixtures {
  /// A store on a new database file; returns the store and the file's path.
  static func store() throws -> (TaskStore, String) {
    let path = temporaryDirectory() + "/stride.db"
    return (try TaskStore(path: path), path)
  }
}
