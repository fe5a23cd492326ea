import StrideBase
import StrideClientKit
import StrideConnection
import StridePlatform
import StrideWire

#if canImport(Glibc)
  import Glibc
#endif

/// `stride sync`, `stride sync status` and `stride sync setup`: the same tasks on every device, through a CalDAV
/// server. The daemon does the network; these commands ask it and say what happened.
extension Session {
  func sync(_ args: CommandArguments<SyncOptions>) throws {
    switch args.positionals.first {
    case nil:
      try args.noMorePositionals(than: 0, "sync")
      try syncNow()
    case "status":
      try args.noMorePositionals(than: 1, "sync")
      try syncStatus()
    case "setup":
      try args.noMorePositionals(than: 2, "sync setup")
      guard args.positionals.count == 2 else {
        throw UsageError(
          "sync setup needs the server's address, like: stride sync setup https://dav.example.com/ --user NAME")
      }
      try syncSetup(args)
    case let other?:
      throw UsageError("sync has no subcommand '\(other)'; use stride sync, stride sync status or stride sync setup")
    }
  }

  /// A connection that waits as long as a sync may take (a first sync of thousands of tasks).
  private func syncClient() throws -> StrideClient { try patientClient(context: nil) }

  private var passwordFromEnvironment: String? { environment["STRIDE_SYNC_PASSWORD"] }

  private func syncNow() throws {
    let report = try syncClient().call(SyncRun.self, .init(password: passwordFromEnvironment))
    output.report(Self.sentence(report), json: report)
    if !output.json { report.notes.forEach { output.say("Note: \($0).") } }
  }

  private func syncSetup(_ args: CommandArguments<SyncOptions>) throws {
    let options = args.options
    var params = SyncSetup.Params(
      url: args.positionals[1], user: options.user,
      passwordCommand: options.passwordCommand.map { ["/bin/sh", "-c", $0] },
      password: passwordFromEnvironment, insecure: options.insecure ? true : nil, create: options.create ? true : nil,
      all: options.all ? true : nil, lists: options.lists, make: options.make, list: options.list)
    let client = try syncClient()
    let result: SyncSetup.Result
    do {
      result = try client.call(SyncSetup.self, params)
    } catch let error where Self.severalFound(error) && isatty(STDIN_FILENO) == 1 && !output.json {
      try askWhich(error, &params)
      result = try client.call(SyncSetup.self, params)
    } catch {
      guard params.create == nil, isatty(STDIN_FILENO) == 1, !output.json, Self.canCreate(error) else { throw error }
      output.say("The server has no task list for you yet.")
      Terminal.write("Make one called \"Stride\"? [y/N] ")
      guard let answer = readLine(), answer.lowercased().hasPrefix("y") else {
        output.say("Nothing was set up. Give the address of an existing task list, or run this again to make one.")
        throw ExitStatus.failure
      }
      params.create = true
      result = try client.call(SyncSetup.self, params)
    }
    let account = result.account
    var lines = result.lists.compactMap { list -> String? in
      guard let account = list.account else { return nil }
      let shared = account.owner.map { " (shared by \($0))" } ?? ""
      let name = account.name.map { "the task list \"\($0)\"" } ?? "the task list"
      let whose = account.owner.map { owner in
        " The list \(list.name) is \(owner)'s, shared with you: what you add or change there reaches \(owner)'s list "
          + "too, and your deferrals and pins stay yours."
      }
      return "The list \(list.name) syncs with \(name)\(shared) at \(account.url)"
        + (account.user.map { ", as \($0)." } ?? ".") + (whose ?? "")
    }
    if account.passwordCommand == nil {
      lines.append(
        passwordFromEnvironment == nil
          ? "No password is set: if the server needs one, run setup again with --password-command."
          : "The password came from STRIDE_SYNC_PASSWORD: the daemon keeps it in memory only, so after a restart "
            + "it needs it again (or use --password-command).")
    }
    if let report = result.report {
      lines.append(Self.sentence(report))
      lines += report.notes.map { "Note: \($0)." }
    } else if let error = result.error {
      lines.append(
        "The first sync did not work: \(error). Your tasks are safe here; Stride tries again every few minutes.")
    }
    output.report(lines.joined(separator: "\n"), json: result)
  }

  private func syncStatus() throws {
    let status = try call(SyncStatus.self, NoParams())
    guard !output.json else { return output.emit(status) }
    guard let account = status.account else {
      output.say(
        status.available
          ? "Sync is not set up. Set it up with: stride sync setup URL --user NAME"
          : "This strided was built without sync.")
      return
    }
    var rows: [[String]] = [
      [
        "Syncing with:",
        account.url + (account.name.map { " (\($0))" } ?? "") + (account.user.map { ", as \($0)" } ?? ""),
      ]
    ]
    rows.append(["Last synced:", Output.said(status.said?.lastSuccess, status.lastSuccess) ?? "not yet"])
    rows.append([
      "Waiting:",
      status.pending == 0 ? "nothing; every change here is on the server" : "\(plural(status.pending, "task")) to send",
    ])
    if let error = status.lastError {
      let when = Output.said(status.said?.lastAttempt, status.lastAttempt).map { " (\($0))" } ?? ""
      rows.append(["Last error:", error + when])
    }
    if let next = Output.said(status.said?.nextSync, status.nextSync) {
      // After a pass that could not finish, the next comes sooner than the interval: say it is a try again.
      if let failed = status.failedPasses {
        let passes = failed == 1 ? "the last pass" : "the last \(failed) passes"
        rows.append(["Next try:", next + " (\(passes) could not finish; Stride tries again by itself)"])
      } else {
        rows.append(["Next sync:", next])
      }
    }
    Output.columns(rows).forEach { output.say($0) }
    if status.lists.count > 1 {
      output.say()
      listsTable(status.lists).forEach { output.say($0) }
    }
  }

  /// Several task lists and none chosen: asks which to follow (all, some by name, or a new one).
  private func askWhich(_ error: ClientError, _ params: inout SyncSetup.Params) throws {
    output.say("The \(Self.failure(error)).")
    Terminal.write("Follow which? Names separated by commas, \"all\", or \"new NAME\" to make one: ")
    let answer = (readLine() ?? "").trimmingWhitespace
    if answer.lowercased() == "all" {
      params.all = true
    } else if answer.lowercased().hasPrefix("new ") {
      params.make = answer.dropFirst(4).trimmingWhitespace
    } else if !answer.isEmpty {
      params.lists = answer.split(separator: ",").map(\.trimmingWhitespace)
    } else {
      output.say("Nothing was set up. Run this again with --all, --lists NAMES or --make NAME.")
      throw ExitStatus.failure
    }
  }

  /// Whether the daemon said the server has several task lists and none was chosen.
  private static func severalFound(_ error: ClientError) -> Bool {
    guard case .failed(let failure) = error else { return false }
    return failure.code == .syncNotSetUp && failure.message.contains(text: "choose with --all")
  }

  private static func failure(_ error: ClientError) -> String {
    guard case .failed(let failure) = error else { return "\(error)" }
    return String(failure.message.dropFirst(4))
  }

  /// Whether the daemon said the server has no task list yet (one can be made).
  private static func canCreate(_ error: ClientError) -> Bool {
    guard case .failed(let failure) = error else { return false }
    return failure.code == .syncNotSetUp && failure.message.contains(text: "--create")
  }

  /// What a pass moved, as one sentence.
  static func sentence(_ report: SyncReport) -> String {
    var parts: [String] = []
    if report.sent > 0 { parts.append("\(plural(report.sent, "task")) sent") }
    if report.received > 0 { parts.append("\(report.received) received") }
    if report.deletedThere > 0 { parts.append("\(report.deletedThere) deleted on the server") }
    if report.deletedHere > 0 { parts.append("\(report.deletedHere) deleted here") }
    guard !parts.isEmpty || report.conflicts > 0 else { return "Synced: nothing new either way." }
    var sentence = "Synced: " + parts.joined(separator: ", ")
    if report.conflicts > 0 {
      let shows = report.conflictTasks.map { "stride show \($0)" }.joined(separator: ", ")
      sentence +=
        (parts.isEmpty ? "" : "; ")
        + "\(plural(report.conflicts, "task")) changed on both sides, the later change "
        + "kept and the other in the history (see \(shows))"
    }
    return sentence + "."
  }
}
