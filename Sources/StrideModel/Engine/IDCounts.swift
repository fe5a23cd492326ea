import StrideBase

/// A count per task id: a plain array when ids are dense (hashing would cost more than the rest of the ranking), a
/// dictionary when they are sparse.
struct IDCounts {
  private var dense: [Int32] = []
  private var sparse: [TaskID: Int] = [:]
  private(set) var isEmpty = true

  /// Counts for ids up to `largest` among `count` tasks.
  init(largest: Int64, count: Int) {
    if largest <= Int64(max(1024, count * 4)) { dense = Array(repeating: 0, count: Int(max(0, largest)) + 1) }
  }

  mutating func add(_ id: TaskID) {
    isEmpty = false
    if !dense.isEmpty, id.rawValue >= 0, id.rawValue < dense.count {
      dense[Int(id.rawValue)] += 1
    } else {
      sparse[id, default: 0] += 1
    }
  }

  subscript(id: TaskID) -> Int {
    if isEmpty { return 0 }
    // An id within the array's range is counted only there (`add`): no need to look in the dictionary.
    if id.rawValue >= 0, id.rawValue < dense.count { return Int(dense[Int(id.rawValue)]) }
    return sparse[id] ?? 0
  }
}
