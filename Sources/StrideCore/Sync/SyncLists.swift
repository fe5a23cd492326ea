import Foundation
import StrideBase
import StrideModel
import StrideProtocol
import StrideStore
import StrideWire

/// Which list here syncs with which task list on a server, and what `stride lists` says of each.
enum SyncLists {
  /// Gives each chosen task list a list here, and returns those lists. A task list already followed keeps its list;
  /// else the one `name` says (made if need be); else the list here of the same name that syncs with nothing; else
  /// the default list, if it syncs with nothing yet (so the tasks already here go to the server); else a new list
  /// named after the task list.
  static func follow(_ chosen: [SyncAccount], as name: String?, in store: TaskStore) throws(StrideError)
    -> [StoredList]
  {
    if name != nil, chosen.count > 1 {
      throw StrideError.invalid("--list names the list here for one task list; choose one with --lists NAME")
    }
    var followed: [StoredList] = []
    for account in chosen {
      let lists = try store.lists()
      let wanted = StrideTask.listName(fromDisplayName: account.name ?? "") ?? "shared"
      let accounts = lists.map { (try? decode($0.account))?.flatMap(\.self)?.url }
      var list: StoredList
      if let index = accounts.firstIndex(of: account.url) {
        list = lists[index]
      } else if let name {
        if let named = try store.list(named: name) { list = named } else { list = try store.addList(name) }
      } else if let same = lists.first(where: { $0.account == nil && $0.name.lowercased() == wanted.lowercased() }) {
        list = same
      } else if account.owner == nil, let first = lists.first(where: { $0.account == nil && $0.isDefault }) {
        // Another person's list never takes in this person's own tasks unless `--list` names the list.
        list = first
      } else {
        list = try store.addList(free(wanted, among: lists))
      }
      let previous = try decode(list.account)
      let text = try encode(account)
      if let other = previous, other.url != account.url {
        throw StrideError.invalid(
          "the list \(list.name) already syncs with \(other.url); choose another list here with --list NAME")
      }
      // The same task list again (a new password command, say) keeps what sync knew.
      try store.setAccount(text, of: list.id, keepingSync: previous != nil)
      list.account = text
      followed.append(list)
    }
    return followed
  }

  /// `name`, or `name-2`, `name-3`… when a list here has it.
  private static func free(_ name: String, among lists: [StoredList]) -> String {
    let taken = Set(lists.map { $0.name.lowercased() })
    var candidate = name
    var number = 2
    while taken.contains(candidate.lowercased()) {
      candidate = "\(name)-\(number)"
      number += 1
    }
    return candidate
  }

  /// Every list with its counts and sync state.
  static func info(_ store: TaskStore) throws(StrideError) -> [ListInfo] {
    let counts = try store.taskCounts()
    return try store.lists().map { list throws(StrideError) in try info(list, counts[list.id] ?? (0, 0), store) }
  }

  /// One list with its counts and sync state.
  static func info(_ list: StoredList, in store: TaskStore) throws(StrideError) -> ListInfo {
    try info(list, try store.taskCounts()[list.id] ?? (0, 0), store)
  }

  private static func info(_ list: StoredList, _ count: (open: Int, done: Int), _ store: TaskStore)
    throws(StrideError) -> ListInfo
  {
    var info = ListInfo(name: list.name, isDefault: list.isDefault, open: count.open, done: count.done)
    guard let account = try decode(list.account) else { return info }
    func time(_ key: String) throws(StrideError) -> Timestamp? {
      try store.syncValue(key, list: list.id).flatMap(Timestamp.parse).map(Timestamp.init)
    }
    info.account = account
    info.lastSuccess = try time("lastSuccess")
    info.lastAttempt = try time("lastAttempt")
    info.lastError = try store.syncValue("lastError", list: list.id)
    info.pending = try SyncPass.pending(store, list: list, shared: account.owner != nil)
    info.readOnly = try store.syncValue("readOnly", list: list.id) != nil
    return info
  }

  static func account(of list: StoredList) throws(StrideError) -> SyncAccount {
    guard let account = try decode(list.account) else {
      throw StrideError(.syncNotSetUp, "the list \(list.name) does not sync; set it up with: stride sync setup URL")
    }
    return account
  }

  private static func encode(_ account: SyncAccount) throws(StrideError) -> String {
    do {
      return String(decoding: try WireEncoder().encode(account), as: UTF8.self)
    } catch {
      throw StrideError(.internalError, "the sync account could not be written: \(error)")
    }
  }

  static func decode(_ text: String?) throws(StrideError) -> SyncAccount? {
    guard let text else { return nil }
    do {
      return try JSONDecoder().decode(SyncAccount.self, from: Data(text.utf8))
    } catch {
      throw StrideError(.storageFailed, "the sync account in the database could not be read; set it up again")
    }
  }
}
