import Foundation
import StrideBase
import StrideModel
import StrideProtocol
import StrideStore
import StrideWire

/// The use cases of the task lists a task is kept in: make one, choose the default, rename one, remove an empty one,
/// move a task into another.
extension Tasks {
  func addList(_ params: ListRef, _ caller: Caller) throws(StrideError) -> ListInfo {
    try locked(caller) { store throws(StrideError) in
      try SyncLists.info(try store.addList(params.name), in: store)
    }
  }

  func setDefaultList(_ params: ListRef, _ caller: Caller) throws(StrideError) -> ListInfo {
    try locked(caller) { store throws(StrideError) in
      let list = try store.existingList(params.name)
      try store.setDefaultList(list.id)
      return try SyncLists.info(try store.existingList(list.name), in: store)
    }
  }

  func renameList(_ params: ListsRename.Params, _ caller: Caller) throws(StrideError) -> ListInfo {
    try locked(caller) { store throws(StrideError) in
      try store.renameList(try store.existingList(params.name), to: params.to)
      return try SyncLists.info(try store.existingList(params.to), in: store)
    }
  }

  func removeList(_ params: ListRef, _ caller: Caller) throws(StrideError) -> ListInfo {
    try locked(caller) { store throws(StrideError) in
      let list = try store.existingList(params.name)
      try store.removeList(list)
      return ListInfo(name: list.name, isDefault: false, open: 0, done: 0)
    }
  }

  /// A task into another list, as one change here (undoable); sync takes it off the old list's server and makes it
  /// on the new one's.
  func move(_ params: Wire.TaskMove.Params, _ caller: Caller) throws(StrideError) -> Wire.TaskResult {
    let task = try locked(caller) { store throws(StrideError) in
      try store.apply(.move(params.id, list: try store.existingList(params.list).name), at: caller.now)
    }
    return Wire.TaskResult(task: caller.wire(task))
  }
}
