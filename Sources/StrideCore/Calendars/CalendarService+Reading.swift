import Foundation
import StrideBase
import StrideCalendar
import StrideModel
import StrideStore
import StrideWire

#if canImport(Glibc)
  import Glibc
#endif

/// Reading one calendar: its text fetched (or found unchanged), its events expanded for the window, and how it went
/// kept with it. A calendar that cannot be read keeps its last good copy and says why in `stride calendars`.
extension CalendarService {
  /// Reads `calendar` (asking again even when unchanged, with `force`) and keeps the outcome.
  @discardableResult
  func read(_ calendar: StoredCalendar, force: Bool) -> CalendarReadingToKeep {
    let now = clock()
    var keep = CalendarReadingToKeep(checkedAt: now)
    do throws(StrideError) {
      let fetched = try fetch(calendar, validator: force ? nil : calendar.validator)
      var text = fetched?.text
      if fetched == nil {
        keep.readAt = now
        keep.problem = calendar.problem
        // Read again from the copy when the window moved on, or to say what the copy holds instead of a failure
        // that is over (the server answers again).
        if Self.needsExpanding(calendar.expandedAt, at: now) || calendar.problem != nil {
          text = try tasks.locked { store throws(StrideError) in try store.calendarCopy(calendar.name) }
        }
      }
      if let text {
        let window = window(at: now)
        // A server calendar with no events sends nothing at all.
        let reading =
          text.isEmpty && calendar.kind == .server
          ? EventReading(events: [], components: 0)
          : try EventReader.read(text, window: window, timeZone: tasks.timeZone, addresses: addresses)
        if let fetched { (keep.copy, keep.validator) = (fetched.text, fetched.validator) }
        keep.readAt = now
        keep.expanded = (window.start, reading)
        keep.problem = reading.problems.isEmpty ? nil : reading.problems.joined(separator: " ")
      }
    } catch {
      if calendar.readAt == nil {
        // Never read: there is no copy to keep, whatever the network's sentence says.
        keep.problem = Self.withoutCopy(error.message)
      } else {
        let said = error.message.contains(FetchedCalendar.copyKept)
        keep.problem = error.message + (said ? "" : "; Stride uses the copy it read last until it can read it again")
      }
    }
    try? tasks.locked { store throws(StrideError) in try store.keepReading(calendar.name, keep) }
    if keep.expanded != nil { changed() }
    return keep
  }

  /// Gives back to the system the memory a reading used: a large calendar's text, lines and components take many
  /// times its size while they are read, and the allocator would otherwise keep it all for the daemon's lifetime.
  static func releaseReadingMemory() {
    #if canImport(Glibc)
      // glibc's malloc_trim, which the Glibc module does not declare (malloc.h is not in it).
      typealias Trim = @convention(c) (Int) -> Int32
      if let symbol = dlsym(dlopen(nil, RTLD_NOW), "malloc_trim") { _ = unsafeBitCast(symbol, to: Trim.self)(0) }
    #endif
  }

  /// A failure's sentence without what it says of the copy read last.
  static func withoutCopy(_ message: String) -> String {
    ["; \(FetchedCalendar.copyKept) and tries again later", "; \(FetchedCalendar.copyKept)"].reduce(message) {
      $0.replacingOccurrences(of: $1, with: "")
    }
  }

  /// The calendar's text when it changed since `validator` (nil when it did not).
  private func fetch(_ calendar: StoredCalendar, validator: String?) throws(StrideError) -> FetchedCalendar? {
    switch calendar.kind {
    case .file:
      return try Self.readFile(calendar.location, validator: validator)
    case .subscription:
      return try network().subscription(calendar.location, validator: validator, limit: Self.sizeLimit)
    case .server:
      let name = calendar.account ?? ""
      guard let list = try tasks.locked({ store throws(StrideError) in try store.list(named: name) }) else {
        throw StrideError(
          .syncNotSetUp, "the list \(name) that found this calendar no longer syncs; set it up again with stride sync")
      }
      let account = try SyncLists.account(of: list)
      return try network().events(
        at: calendar.location, account: account, password: try sync.password(for: account), validator: validator)
    }
  }

  private func network() throws(StrideError) -> any CalendarFetching {
    guard let fetcher else {
      throw StrideError(
        .syncNotSetUp, "this strided was built without the network; use the strided that came with stride")
    }
    return fetcher
  }

  /// A file's text, unless its time and size are still `validator`'s.
  static func readFile(_ path: String, validator: String?) throws(StrideError) -> FetchedCalendar? {
    var info = stat()
    guard stat(path, &info) == 0 else {
      throw StrideError.invalid("the calendar file \(path) cannot be read (\(String(cString: strerror(errno))))")
    }
    guard (info.st_mode & S_IFMT) == S_IFREG else {
      throw StrideError.invalid("\(path) is not a file; give the path of an .ics file")
    }
    guard info.st_size <= sizeLimit else {
      throw StrideError.invalid(
        "the calendar file \(path) is larger than \(sizeLimit / 1_048_576) MB; export a shorter span of it")
    }
    let stamp = "file:\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec):\(info.st_size)"
    if stamp == validator { return nil }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw StrideError.invalid("the calendar file \(path) cannot be read; check that it is yours and readable")
    }
    guard !data.isEmpty else {
      throw StrideError.invalid("the calendar file \(path) is empty; export the calendar again")
    }
    guard ICalendarReader.looksLikeICalendar(data) else {
      throw StrideError.invalid(
        "\(path) is not an iCalendar file (it does not begin with BEGIN:VCALENDAR); export the calendar as .ics")
    }
    return FetchedCalendar(text: String(decoding: data, as: UTF8.self), validator: stamp)
  }

  // MARK: Server calendars

  /// Lists the event calendars of each synced list's server: a new one is listed not counted (the person picks),
  /// one gone from its server is forgotten. A server that cannot be asked keeps what it had.
  func findServerCalendars(_ lists: [StoredList]) {
    guard let fetcher else { return }
    for list in lists where !isStopped {
      guard let account = try? SyncLists.account(of: list), let password = try? sync.password(for: account),
        let found = try? fetcher.eventCalendars(account, password: password)
      else { continue }
      learn(addresses: found.addresses, of: list.name)
      try? tasks.locked { store throws(StrideError) in
        let known = try store.calendars()
        for calendar in found.calendars where !known.contains(where: { $0.location == calendar.url }) {
          let name = Self.madeName(
            calendar.name, for: calendar.url, kind: .server, taken: try store.calendars().map(\.name), list: list.name)
          try store.addCalendar(
            StoredCalendar(name: name, kind: .server, location: calendar.url, account: list.name, counts: false))
        }
        let urls = Set(found.calendars.map(\.url))
        for gone in known where gone.kind == .server && gone.account == list.name && !urls.contains(gone.location) {
          try store.removeCalendar(gone.name)
        }
      }
    }
  }

  // MARK: Names and places

  /// What `calendars.add` was given: a subscription's address, or a file's absolute path.
  static func location(_ text: String) throws(StrideError) -> (CalendarKind, String) {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    let lower = trimmed.lowercased()
    if ["https://", "http://", "webcal://", "webcals://"].contains(where: lower.hasPrefix) {
      guard let url = URL(string: trimmed), url.host?.isEmpty == false else {
        throw StrideError.invalid("'\(text)' is not an address; give one like webcal://example.com/calendar.ics")
      }
      return (.subscription, trimmed)
    }
    guard trimmed.hasPrefix("/") else {
      throw StrideError.invalid(
        "'\(text)' is neither the path of an .ics file nor an https:// or webcal:// address; give one")
    }
    return (.file, trimmed)
  }

  /// The name a calendar is shown by: the one asked for, else one made up (`madeName`).
  static func name(
    _ asked: String?, for location: String, kind: CalendarKind, taken: [String]
  ) throws(StrideError) -> String {
    guard let asked else { return madeName(nil, for: location, kind: kind, taken: taken) }
    let name = asked.trimmingCharacters(in: .whitespaces)
    guard !name.isEmpty, name.count <= 60, !name.contains(where: \.isNewline) else {
      throw StrideError.invalid("a calendar's name is one line of 1 to 60 characters; choose another")
    }
    guard !taken.contains(where: { $0.lowercased() == name.lowercased() }) else {
      throw StrideError(.invalidTransition, "a calendar is called \(name) already; choose another name with --name")
    }
    return name
  }

  /// A name for a calendar nobody named: `preferred` (a server calendar's display name), else the file's name or
  /// the address's host; taken already, then with its list's name after it, then numbered.
  static func madeName(
    _ preferred: String?, for location: String, kind: CalendarKind, taken: [String], list: String? = nil
  ) -> String {
    let taken = Set(taken.map { $0.lowercased() })
    let base: String =
      if let preferred = preferred?.trimmingCharacters(in: .whitespaces), !preferred.isEmpty {
        String(preferred.prefix(60))
      } else if kind == .subscription {
        URL(string: location)?.host ?? "subscription"
      } else {
        String((location.split(separator: "/").last ?? "calendar").split(separator: ".").first ?? "calendar")
      }
    let candidates = [base] + (list.map { ["\(base) (\($0))"] } ?? [])
    if let free = candidates.first(where: { !taken.contains($0.lowercased()) }) { return free }
    let last = candidates[candidates.count - 1]
    var number = 2
    while taken.contains("\(last) \(number)".lowercased()) { number += 1 }
    return "\(last) \(number)"
  }
}
