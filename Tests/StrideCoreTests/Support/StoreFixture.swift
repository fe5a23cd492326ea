import StrideTestSupport

@testable import StrideStore

/// The store fixture, in each test target that links StrideStore (StrideStoreTests, StrideInteropTests,
/// StrideCoreTests): StrideTestSupport holds the rest of `Fixtures` and stays on the model.
extension Fixtures {
  /// A store on a new database file; returns the store and the file's path.
  static func store() throws -> (TaskStore, String) {
    let path = temporaryDirectory() + "/stride.db"
    return (try TaskStore(path: path), path)
  }
}
