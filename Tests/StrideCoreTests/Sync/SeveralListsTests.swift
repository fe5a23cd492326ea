import Foundation
import StrideBase
import StrideCore
import StrideModel
import StrideProtocol
import StrideWire
import Testing

@Suite("Several lists", .serialized)
struct SeveralListsTests {
  @Test("two task lists sync side by side; a capture names its list and a move crosses servers as one change")
  func severalLists() throws {
    let server = try Radicale()
    let home = try server.makeList("home", name: "Home")
    let device = try SyncDevice()
    try device.capture("pay the rent")
    // Several task lists and none chosen: a sentence that names them.
    let unchosen = #expect(throws: StrideError.self) {
      try device.call(SyncSetup.self, .init(url: server.root, user: Radicale.user))
    }
    #expect(unchosen?.message.contains("choose with --all") == true)
    #expect(unchosen?.message.contains("Home") == true)
    let first = try device.call(SyncSetup.self, .init(url: server.root, user: Radicale.user, lists: ["tasks"]))
    #expect(first.lists.map(\.name) == ["inbox"])
    let second = try device.call(SyncSetup.self, .init(url: server.root, user: Radicale.user, lists: ["Home"]))
    #expect(second.lists.map(\.name) == ["home"])

    let milk = try device.capture("buy milk list:Home")
    #expect(milk.list == "home")
    #expect(milk.title == "buy milk")
    try device.sync()
    #expect(try server.hrefs(in: home).count == 1)
    #expect(try server.hrefs().count == 1)

    let rent = try device.task("pay the rent")
    _ = try device.call(Wire.TaskMove.self, .init(id: rent.id, list: "home"))
    try device.sync()
    #expect(try server.hrefs().isEmpty)
    #expect(try server.hrefs(in: home).count == 2)
    let lists = try device.call(ListsGet.self, NoParams()).lists
    #expect(lists.map(\.name) == ["inbox", "home"])
    #expect(lists.map(\.open) == [0, 2])
    #expect(lists.allSatisfy { $0.pending == 0 && $0.lastSuccess != nil })
    // now narrows to one list; an unknown list is a sentence that names those there are.
    let narrowed = try device.call(Wire.NowList.self, .init(list: "inbox"))
    #expect(narrowed.suggestions.isEmpty)
    let unknown = #expect(throws: StrideError.self) { try device.call(Wire.NowList.self, .init(list: "work")) }
    #expect(
      unknown?.message
        == "there is no list called work; the lists are inbox and home; make it with: stride lists add work")
  }
}
