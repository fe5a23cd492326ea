import Foundation
import StrideBase
import StrideModel
import StrideStore

#if canImport(Glibc)
  import Glibc
#endif

/// A heavy user's ten years, built the same way every run (issue 58): 100,000 tasks captured over ten years, 70,000
/// of them finished; a million history rows (each task put off, waited on, resumed, given a step and re-estimated
/// before it is finished); 20,000 notes, 500 of them on one task; 500 open routines; four lists; titles in several
/// scripts. `--quick` builds a tenth of it.
struct Decade {
  let tasks: Int
  /// The task with 500 notes, for `show`.
  let crowded: TaskID
  /// A word that is in about one task in 2,500, for `find`.
  let rareWord = "kalomine"

  static let years = 10.0
  static let lists = ["inbox", "work", "home", "errands"]
  /// Everyday words, and words in other scripts, in about one title in four.
  private static let words = [
    "call", "the", "bank", "renew", "passport", "book", "dentist", "pay", "rent", "fix", "bike", "write", "report",
    "plan", "trip", "clean", "kitchen", "send", "invoice", "read", "chapter", "water", "plants", "email", "tax",
  ]
  private static let otherScripts = [
    "Straße", "café", "naïve", "日本語", "買い物", "москва", "отчёт", "αγορά", "ταξίδι", "مكتب", "رسالة", "नमस्ते",
    "किताब", "한국어", "🚲", "📦",
  ]
  private static let syllables = ["ka", "lo", "mi", "ne", "ru", "ta", "vo", "zi", "pe", "sha"]

  /// Builds the data set into a new database at `path`.
  init(at path: String, scale: Int) throws {
    tasks = 100_000 / scale
    crowded = TaskID(Int64(tasks / 2 + 1))
    let store = try TaskStore(path: path)
    for list in Self.lists.dropFirst() { _ = try store.addList(list) }
    var random = Generator(seed: 58)
    let span = Seconds.days(365 * Self.years)
    let first = now.addingTimeInterval(-span)
    // In parts, so one transaction's journal stays small.
    for part in stride(from: 0, to: tasks, by: 5_000) {
      try store.batch { () throws(StrideError) in
        for index in part..<min(part + 5_000, tasks) {
          let at = first.addingTimeInterval(span * Double(index) / Double(tasks))
          try live(index, at: at, store, &random)
        }
      }
    }
    try store.batch { () throws(StrideError) in
      for note in 0..<(500 / scale) {
        _ = try store.apply(
          .addNote(crowded, text: "call number \(note): they said to ring back"), at: now.addingTimeInterval(-60))
      }
    }
    store.close()
  }

  /// One task's life: captured at `at`; all but the routines are put off, waited on, resumed, given a step and
  /// re-estimated, seven in ten are finished, one in five gets a note; one in 200 is an open routine.
  private func live(_ index: Int, at: Date, _ store: TaskStore, _ random: inout Generator) throws(StrideError) {
    let routine = index % 200 == 199
    var draft = TaskDraft(title: title(&random), rawInput: "", energy: EnergyLevel.allCases[random.next(3)])
    draft.rawInput = draft.title + " ~15m"
    draft.estimateMinutes = [nil, 5, 15, 30, 60][random.next(5)]
    draft.list = Self.lists[random.next(Self.lists.count)]
    if random.next(3) == 0 { draft.tags = [["health", "money", "family", "admin"][random.next(4)]] }
    if routine {
      draft.recurrence = Recurrence([.daily, .weekly, .monthly][random.next(3)])
      draft.due = now.addingTimeInterval(Seconds.days(Double(random.next(7))))
    }
    let id = try store.capture(draft, at: at).id
    // Every change of a task falls before the next task is captured, so history's times rise with its order.
    let step = Seconds.days(365 * Self.years) / Double(tasks) / 12
    if !routine {
      let changes: [TaskChange] = [
        .deferTask(id, reason: [.noEnergy, .unsure, .notImportant][random.next(3)], until: nil),
        .resume(id), .update(id, TaskPatch(energy: EnergyLevel.allCases[random.next(3)])),
        .addStep(id, title: "first part"), .wait(id, note: "an answer"), .resume(id),
        .update(id, TaskPatch(estimateMinutes: .some([10, 20, 45][random.next(3)]))),
        .update(id, TaskPatch(type: TaskType.allCases[random.next(TaskType.allCases.count)])),
      ]
      for (n, change) in changes.enumerated() { _ = try store.apply(change, at: at + Double(n + 1) * step) }
      if index % 10 == 0 { _ = try store.apply(.addStep(id, title: "second part"), at: at + 9 * step) }
    }
    if index % 5 == 0, TaskID(Int64(index + 1)) != crowded {
      _ = try store.apply(.addNote(id, text: "the plumber said thursday morning"), at: at + 10 * step)
    }
    if index % 10 < 7 { _ = try store.apply(.complete(id), at: at + 11 * step) }
  }

  /// Three to five words; about one title in four has a word in another script, one in 2,500 the rare word, and
  /// every title a made-up word, so a query can find one task, a few, or tens of thousands.
  private func title(_ random: inout Generator) -> String {
    var words = (0..<(3 + random.next(3))).map { _ in Self.words[random.next(Self.words.count)] }
    if random.next(4) == 0 { words.append(Self.otherScripts[random.next(Self.otherScripts.count)]) }
    words.append(random.next(2_500) == 0 ? rareWord : (0..<3).map { _ in Self.syllables[random.next(10)] }.joined())
    return words.joined(separator: " ")
  }
}

/// The decade's figures (issue 58): what the data set weighs, how fast the daemon starts on it and how much memory
/// it holds, and every command a person types on it, through the real `stride` with its output to a file (as into
/// a pipe). Each command is timed several times after a warm-up (once, when it takes seconds).
func decadeSection() throws {
  let workspace = try Workspace(tasks: 0)
  try FileManager.default.createDirectory(atPath: workspace.root + "/data/stride", withIntermediateDirectories: true)
  let path = workspace.root + "/data/stride/stride.db"
  let began = DispatchTime.now().uptimeNanoseconds
  let decade = try Decade(at: path, scale: quick ? 10 : 1)
  reportValue("decade: built in", String(format: "%.0f s", seconds(since: began)))
  try weigh(path, tasks: decade.tasks)
  try compact(path)
  try weigh(path, tasks: decade.tasks)
  let (daemon, startup) = try workspace.startDaemon()
  reportValue("strided start-up on the decade", String(format: "%.0f ms", startup))
  let stride = workspace.binaries + "/stride"
  let runs = quick ? 3 : 7
  let yearAgo = String(Timestamp.format(now.addingTimeInterval(-Seconds.days(365))).prefix(10))
  // The quick ones first; one that runs past a minute is stopped and said to.
  let commands: [(String, [String], Int?)] = [
    ("now", ["now"], nil),
    ("find, a rare word", ["find", decade.rareWord], nil),
    ("find, one letter", ["find", "c"], nil),
    ("review --month", ["review", "--month"], nil),
    ("review, a year", ["review", "--since", yearAgo], nil),
    ("show, a task with 500 notes", ["show", "\(decade.crowded)"], nil),
    ("list --status all", ["list", "--status", "all"], decade.tasks),
    ("list --status all --json", ["list", "--status", "all", "--json"], decade.tasks),
    ("log --all", ["log", "--all"], nil),
    ("log --all --json", ["log", "--all", "--json"], nil),
  ]
  try timeCommands(commands, stride, in: workspace, runs: runs)
  reportValue(
    "strided resident memory after them", String(format: "%.1f MB", residentMegabytes(daemon.processIdentifier)))
  workspace.stop(daemon)
  if arguments.contains("--keep") {
    print("kept: XDG_DATA_HOME=\(workspace.root)/data XDG_RUNTIME_DIR=\(workspace.root)/run HOME=\(workspace.root)")
  } else {
    workspace.remove()
  }
}

/// Times each command through the real `stride` (several runs after a warm-up, once when it takes seconds, stopped
/// past a minute), with the first screen of a long listing and its rows a second.
private func timeCommands(
  _ commands: [(String, [String], Int?)], _ stride: String, in workspace: Workspace, runs: Int
) throws {
  let limit = 60_000.0
  for (name, arguments, rows) in commands {
    // A command that takes seconds is timed once more, not seven times: its figure is far from any target anyway.
    let first = try workspace.time(stride, arguments, limit: limit)
    guard first.isFinite else {
      reportValue("  stride \(name)", "over \(Int(limit / 1000)) s: stopped")
      continue
    }
    let samples =
      try first > 2_000
      ? [workspace.time(stride, arguments)]
      : measure(runs: runs) {
        _ = try workspace.time(stride, arguments)
      }
    report("  stride \(name)", samples)
    // The first screen of a long listing for a person (its JSON is one line, for a script).
    if rows != nil || name.hasPrefix("log --all"), !arguments.contains("--json") {
      _ = try workspace.firstScreen(stride, arguments, limit: limit)
      let screens = try (0..<runs).map { _ in try workspace.firstScreen(stride, arguments, limit: limit) }.sorted()
      report("    first screen (40 lines, through a pipe)", screens)
    }
    if let rows {
      reportValue("    rows a second", String(format: "%.0f", Double(rows) / (samples[samples.count / 2] / 1000)))
    }
  }
}

/// Compacts the history past undo's reach (`history.undoDays`, 30) as the daemon does, step by step, and gives the
/// space back: how long it all took and the longest step (the most a request could wait for one).
private func compact(_ path: String) throws {
  let store = try TaskStore(path: path)
  var (longest, began) = (0.0, DispatchTime.now().uptimeNanoseconds)
  var rows = 0
  while true {
    let start = DispatchTime.now().uptimeNanoseconds
    let cut = try store.compactHistory(undoDays: 30, at: now)
    (rows, longest) = (rows + cut, max(longest, seconds(since: start) * 1000))
    if cut < TaskStore.compactionBatch { break }
  }
  reportValue(
    "decade: compacted", String(format: "%d rows in %.1f s, longest step %.1f ms", rows, seconds(since: began), longest)
  )
  (longest, began) = (0, DispatchTime.now().uptimeNanoseconds)
  while true {
    let start = DispatchTime.now().uptimeNanoseconds
    let left = try store.vacuumStep()
    longest = max(longest, seconds(since: start) * 1000)
    if try left == 0 || !store.incrementalVacuum { break }
  }
  try store.database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
  reportValue("  space given back", String(format: "in %.1f s, longest step %.1f ms", seconds(since: began), longest))
  store.close()
}

/// The database's size, per task and per history row and year of history.
private func weigh(_ path: String, tasks: Int) throws {
  let store = try TaskStore(path: path)
  let rows = try store.database.statement("SELECT count(*) FROM history").firstRow { $0.int(0) } ?? 0
  let history =
    (try? store.database.statement(
      "SELECT sum(pgsize) FROM dbstat WHERE name IN ('history', 'history_tasks', 'history_by_at', "
        + "'history_by_undone', 'history_done', 'history_by_action', 'history_whole')"
    ).firstRow { $0.int(0) }) ?? nil
  store.close()
  let bytes = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.doubleValue ?? 0
  reportValue("decade: tasks, history rows", "\(tasks), \(rows)")
  reportValue("  database", String(format: "%.1f MB, %.0f bytes a task", bytes / 1e6, bytes / Double(tasks)))
  if let history {
    let perRow = Double(history) / Double(max(rows, 1))
    reportValue(
      "  history",
      String(
        format: "%.1f MB, %.0f bytes a row, %.1f MB a year", Double(history) / 1e6, perRow,
        Double(history) / 1e6 / Decade.years))
  }
}

extension Workspace {
  /// How long `executable` takes to write its first `lines` lines into a pipe (a screen, as a person sees it); then
  /// it is stopped. Infinity when that takes longer than `limit` milliseconds.
  func firstScreen(_ executable: String, _ arguments: [String], lines: Int = 40, limit: Double) throws -> Double {
    var pipe: [Int32] = [0, 0]
    guard Glibc.pipe(&pipe) == 0 else { throw StrideError(.internalError, "could not make a pipe") }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
    posix_spawn_file_actions_addclose(&actions, pipe[0])
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    let env = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { env.forEach { free($0) } }
    var pid: pid_t = 0
    let start = DispatchTime.now().uptimeNanoseconds
    guard posix_spawn(&pid, executable, &actions, nil, argv, env) == 0 else {
      throw StrideError(.internalError, "could not run \(executable)")
    }
    close(pipe[1])
    var (seen, buffer) = (0, [UInt8](repeating: 0, count: 65_536))
    var elapsed = Double.infinity
    var ready = pollfd(fd: pipe[0], events: Int16(POLLIN), revents: 0)
    while seen < lines {
      let waited = Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
      guard waited < limit, poll(&ready, 1, Int32(limit - waited)) > 0 else { break }
      let count = read(pipe[0], &buffer, buffer.count)
      guard count > 0 else { break }
      seen += buffer[0..<count].count { $0 == 0x0A }
      if seen >= lines { elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000 }
    }
    close(pipe[0])
    kill(pid, SIGKILL)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    return elapsed
  }
}
