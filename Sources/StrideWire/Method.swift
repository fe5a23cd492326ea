import StrideBase

/// Every method the daemon answers, named once. A method's type (`WireMethod`) says which of these it is; the
/// daemon's dispatcher switches over them with no default, so a method added here without a route, or a route
/// without a method, does not compile. `method-not-found` lists, the docs' golden test and the fuzzer read them from
/// `allCases`.
public enum Method: String, CaseIterable, Sendable {
  case serverInfo = "server.info"
  case clientContext = "client.context"
  case taskCapture = "task.capture"
  case taskGet = "task.get"
  case taskList = "task.list"
  case taskFind = "task.find"
  case taskUpdate = "task.update"
  case taskComplete = "task.complete"
  case taskReopen = "task.reopen"
  case taskDelete = "task.delete"
  case taskSkip = "task.skip"
  case taskPin = "task.pin"
  case taskDefer = "task.defer"
  case taskWait = "task.wait"
  case taskResume = "task.resume"
  case taskBlock = "task.block"
  case taskUnblock = "task.unblock"
  case taskMove = "task.move"
  case taskImport = "task.import"
  case taskExport = "task.export"
  case taskExplain = "task.explain"
  case taskDuplicate = "task.duplicate"
  case subtaskAdd = "subtask.add"
  case subtaskComplete = "subtask.complete"
  case subtaskReopen = "subtask.reopen"
  case noteAdd = "note.add"
  case noteRemove = "note.remove"
  case historyUndo = "history.undo"
  case historyLog = "history.log"
  case historyReview = "history.review"
  case contextGet = "context.get"
  case contextSet = "context.set"
  case nowList = "now.list"
  case nowPrompt = "now.prompt"
  case timeParse = "time.parse"
  case eventsSubscribe = "events.subscribe"
  case syncSetup = "sync.setup"
  case syncRun = "sync.run"
  case syncStatus = "sync.status"
  case listsGet = "lists.get"
  case listsAdd = "lists.add"
  case listsDefault = "lists.default"
  case listsRename = "lists.rename"
  case listsRemove = "lists.remove"
  case focusStart = "focus.start"
  case focusStop = "focus.stop"
  case focusPause = "focus.pause"
  case focusResume = "focus.resume"
  case focusExtend = "focus.extend"
  case focusGet = "focus.get"
  case calendarsList = "calendars.list"
  case calendarsAdd = "calendars.add"
  case calendarsCount = "calendars.count"
  case calendarsRemove = "calendars.remove"
  case calendarsRefresh = "calendars.refresh"

  /// Whether requests of this method that arrive together may share one commit with others: a quick change to the
  /// store, nothing that runs a program, reaches the network or runs the engine. (A capture shares one only while
  /// no breakdown program is set, and an import only of whole tasks, not of a file's text: the daemon decides those
  /// per request.)
  public var isQuickChange: Bool {
    switch self {
    case .taskUpdate, .taskComplete, .taskReopen, .taskDelete, .taskSkip, .taskPin, .taskDefer, .taskWait,
      .taskResume, .taskBlock, .taskUnblock, .taskMove, .taskImport, .subtaskAdd, .subtaskComplete, .subtaskReopen,
      .noteAdd, .noteRemove, .historyUndo, .contextSet, .taskDuplicate, .focusStart, .focusStop, .focusPause,
      .focusResume, .focusExtend:
      true
    case .taskCapture, .serverInfo, .clientContext, .taskGet, .taskList, .taskFind, .taskExport, .taskExplain,
      .historyLog, .historyReview, .contextGet, .nowList, .nowPrompt, .timeParse, .eventsSubscribe, .syncSetup,
      .syncRun, .syncStatus, .listsGet, .listsAdd, .listsDefault, .listsRename, .listsRemove, .focusGet, .calendarsList,
      .calendarsAdd, .calendarsCount, .calendarsRemove,
      .calendarsRefresh:
      false
    }
  }
}
