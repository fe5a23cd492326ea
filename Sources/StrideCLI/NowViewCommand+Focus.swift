import StrideBase
import StrideConnection
import StrideNowView
import StridePlatform
import StrideWire

/// The Now view's focus calls: the same `focus.*` methods as `stride start`, `stop`, `pause`, `resume` and
/// `extend`, each answer given to the view with the moment it came (the view counts down from it) and said in a
/// sentence.
extension Session {
  func focusCall(_ effect: NowView.Effect, on view: inout NowView) throws {
    switch effect {
    case .startFocus(let id, let switching):
      let params = Wire.FocusStart.Params(id: id, switch: switching ? true : nil)
      guard let result = try viewCall(Wire.FocusStart.self, params, view: &view) else {
        // Refused: most likely a session runs that the view had not heard of; it asks about switching to this one.
        try refresh(&view)
        view.startRefused(id)
        return
      }
      view.showFocus(result.focus, task: result.task, at: System.uptime)
      let switched = result.switchedFrom.map { " " + Self.ended($0, .switched) } ?? ""
      view.say(
        "Started \(Minutes.spoken(result.focus.timeboxSeconds / Seconds.perMinute)) on \(result.focus.what).\(switched)"
      )
    case .stopFocus(let finish):
      guard let result = try viewCall(Wire.FocusStop.self, .init(finish: finish ? true : nil), view: &view) else {
        return
      }
      view.showFocus(result.focus, task: result.task, at: System.uptime)
      let done = result.task.status == .completed ? "Done: \(Output.name(result.task)). " : ""
      view.say(done + Self.ended(result.focus, finish ? .finished : .stopped))
    case .pauseFocus, .resumeFocus:
      let pausing = effect == .pauseFocus
      let result =
        pausing
        ? try viewCall(Wire.FocusPause.self, .init(), view: &view)
        : try viewCall(Wire.FocusResume.self, .init(), view: &view)
      guard let result else { return }
      view.showFocus(result.focus, task: result.task, at: System.uptime)
      view.say(
        pausing
          ? "Paused, with \(result.focus.left(sayingPaused: false))."
          : "Going on: \(result.focus.left())."
      )
    case .extendFocus(let minutes):
      guard let result = try viewCall(Wire.FocusExtend.self, .init(minutes: minutes), view: &view) else { return }
      view.showFocus(result.focus, task: result.task, at: System.uptime)
      let added = minutes ?? result.focus.boxSeconds / Seconds.perMinute
      view.say("\(Minutes.spoken(added).sentenceStart) more: \(result.focus.left()).")
    default:
      break
    }
  }
}
