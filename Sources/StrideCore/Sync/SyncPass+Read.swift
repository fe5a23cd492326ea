import Foundation
import StrideBase
import StrideCalendar
import StrideModel
import StrideStore
import StrideWire

extension SyncPass {
  /// Whether the server gives sync tokens (`sync-collection`). A pass that wrote pulls once more then, so that its
  /// token is past its own writes: a server that reports the difference between two states of the collection
  /// (Xandikos, whose states are git commits) leaves out a resource made and removed since the token, so a task
  /// this pass sent and another device then deleted would never be reported deleted here.
  func hasToken() throws(StrideError) -> Bool {
    let token = try tasks.locked { store throws(StrideError) in try store.syncValue("token", list: list.id) }
    return token != nil && token != SyncChanges.listsETags
  }

  /// Reads `hrefs` from the server and parses each as a task. A resource that holds no VTODO (an event in a calendar
  /// that takes both) is named in the notes once and remembered with its ETag in `notTasks`, so a server without
  /// `sync-collection`, which lists it on every pass, does not have it read and named again until it changes. One
  /// read without knowing whether it changed (`unsure`: listed without its ETag, or read again after a 412) is not a
  /// change when the ETag it is read with is the one already known: else a task deleted here would come back.
  func read(
    _ hrefs: [String], unsure: Set<String>, _ known: [String: SyncItem], _ notTasks: inout NotTasks,
    _ report: inout SyncReport
  ) throws(StrideError) -> [(SyncResource, VTodo.Parsed)] {
    var received: [(SyncResource, VTodo.Parsed)] = []
    for resource in try collection.fetch(hrefs) {
      if unsure.contains(resource.href), let etag = resource.etag,
        known[resource.href]?.etag == etag || notTasks.etags[resource.href] == etag
      {
        continue
      }
      do throws(StrideError) {
        guard let parsed = try VTodo.parse(resource.body, timeZone: timeZone) else {
          report.notes.append("\(resource.href) on the server is not a task (no VTODO); it was left alone")
          notTasks.etags[resource.href] = resource.etag
          continue
        }
        received.append((resource, parsed))
      } catch {
        report.notes.append("\(resource.href) on the server could not be read (\(error.message)); it was left alone")
        notTasks.etags[resource.href] = resource.etag
      }
    }
    return received
  }
}

/// The resources in a collection that are not tasks (events, say, or what could not be read), with the ETag each
/// was left alone at: kept between passes as one sync value, a line of href and ETag (a tab between) each.
struct NotTasks {
  var etags: [String: String] = [:]

  init(_ text: String?) {
    for line in text?.split(separator: "\n") ?? [] {
      let parts = line.split(separator: "\t", maxSplits: 1)
      if parts.count == 2 { etags[String(parts[0])] = String(parts[1]) }
    }
  }

  /// Those still on the server: listed (when the listing is `complete`, nil otherwise) and not removed.
  func keeping(_ listed: Set<String>?, removing removed: Set<String>) -> NotTasks {
    var kept = self
    kept.etags = etags.filter { href, _ in (listed.map { $0.contains(href) } ?? true) && !removed.contains(href) }
    return kept
  }

  /// The sync value, or nil when there are none.
  var text: String? {
    etags.isEmpty ? nil : etags.sorted { $0.key < $1.key }.map { "\($0.key)\t\($0.value)" }.joined(separator: "\n")
  }
}
