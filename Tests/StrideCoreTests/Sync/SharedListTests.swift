import Foundation
import StrideBase
import StrideCore
import StrideModel
import StrideProtocol
import StrideWire
import Testing

/// Two people, two daemons, two accounts on one real Radicale, and one task list (alice's "home") that Radicale's
/// own rights file lets both write.
@Suite("A list shared with another person", .serialized)
struct SharedListTests {
  /// Each account has its own calendar home; bob may also read and write alice's home list.
  static func rights(bob permissions: String) -> String {
    """
    [root]
    user: .+
    collection:
    permissions: R

    [principal]
    user: .+
    collection: {user}
    permissions: RW

    [shared]
    user: \(Radicale.partner)
    collection: \(Radicale.user)/home
    permissions: \(permissions)

    [calendars]
    user: .+
    collection: {user}/[^/]+
    permissions: rw
    """
  }

  @Test("adds and ticks travel both ways; deferrals and pins stay each person's; a read-only list keeps and names")
  func sharedList() throws {
    let server = try Radicale(rights: Self.rights(bob: "rw"))
    let home = try server.makeList("home", name: "Home")
    let alice = try SyncDevice()
    let bob = try SyncDevice(password: Radicale.partnerPassword)
    _ = try alice.call(SyncSetup.self, .init(url: home, user: Radicale.user, list: "home"))
    // Bob's own tasks stay his: alice's list gets a list of its own here, not bob's default one.
    try bob.capture("call mum")
    let joined = try bob.call(SyncSetup.self, .init(url: home, user: Radicale.partner))
    #expect(joined.lists.map(\.name) == ["home"])
    // Bob's list says whose it is; alice's is her own.
    #expect(joined.lists.map(\.account?.owner) == [Radicale.user])
    #expect(try alice.call(ListsGet.self, NoParams()).lists.first { $0.name == "home" }?.account?.owner == nil)

    // A task added by one appears for the other, in the shared list.
    try alice.capture("clean the kitchen: dishes, floor, bins list:home")
    try alice.capture("water the plants list:home")
    try alice.sync()
    try bob.sync()
    let kitchen = try bob.task("clean the kitchen")
    #expect(kitchen.list == "home")
    #expect(kitchen.subtasks.map(\.title) == ["dishes", "floor", "bins"])
    try bob.capture("buy light bulbs list:home")
    try bob.sync()
    try alice.sync()
    #expect(try alice.task("buy light bulbs").list == "home")
    #expect(try !alice.tasks.contains { $0.title == "call mum" })
    #expect(try bob.task("call mum").list == "inbox")

    // Steps ticked by either are ticked for both.
    _ = try bob.call(Wire.SubtaskComplete.self, .init(id: kitchen.id, index: 1))
    let aliceKitchen = try alice.task("clean the kitchen")
    _ = try alice.call(Wire.SubtaskComplete.self, .init(id: aliceKitchen.id, index: 3))
    try bob.sync()
    try alice.sync()
    try bob.sync()
    for device in [alice, bob] {
      #expect(try device.task("clean the kitchen").subtasks.map(\.done) == [true, false, true])
    }

    // Bob's deferral and pin are his own: alice's task is neither deferred nor pinned, and bob's stay so when
    // alice changes the task.
    let plants = try bob.task("water the plants")
    _ = try bob.call(
      Wire.TaskDefer.self, .init(id: plants.id, reason: .noEnergy, until: Timestamp(bob.now.addingTimeInterval(86_400)))
    )
    _ = try bob.call(Wire.TaskPin.self, .init(id: kitchen.id, pinned: true))
    try bob.sync()
    try alice.sync()
    #expect(try alice.task("water the plants").status == .active)
    #expect(try alice.task("clean the kitchen").pinned == false)
    let alicePlants = try alice.task("water the plants")
    alice.advance(60)
    _ = try alice.call(Wire.TaskUpdate.self, .init(id: alicePlants.id, title: "water the plants well"))
    _ = try alice.call(Wire.TaskDefer.self, .init(id: aliceKitchen.id, reason: .notImportant))
    try alice.sync()
    try bob.sync()
    let bobPlants = try bob.task("water the plants well")
    #expect(bobPlants.status == .deferred)
    #expect(bobPlants.deferral?.reason == .noEnergy)
    #expect(try bob.task("clean the kitchen").pinned)
    #expect(try bob.task("clean the kitchen").status == .active)
    #expect(try bob.call(ListsGet.self, NoParams()).lists.allSatisfy { $0.pending == 0 })

    // Alice takes bob's writing away: his change is kept here, named, and sent once he may write again.
    try server.setRights(Self.rights(bob: "r"))
    let bulbs = try bob.task("buy light bulbs")
    bob.advance(60)
    _ = try bob.call(Wire.TaskUpdate.self, .init(id: bulbs.id, title: "buy LED light bulbs"))
    let refused = try bob.sync()
    #expect(
      refused.notes.contains {
        $0.contains("the list home is read-only for you on the server now")
          && $0.contains("task \(bulbs.id) (buy LED light bulbs)")
      })
    let readOnly = try #require(try bob.call(ListsGet.self, NoParams()).lists.first { $0.name == "home" })
    #expect(readOnly.readOnly)
    #expect(readOnly.pending == 1)
    #expect(try bob.task("buy LED light bulbs").list == "home")
    try alice.sync()
    #expect(try !alice.tasks.contains { $0.title == "buy LED light bulbs" })
    #expect(try alice.task("buy light bulbs").status == .active)

    try server.setRights(Self.rights(bob: "rw"))
    let again = try bob.sync()
    #expect(!again.notes.contains { $0.contains("read-only") })
    #expect(try bob.call(ListsGet.self, NoParams()).lists.first { $0.name == "home" }?.readOnly == false)
    try alice.sync()
    #expect(try alice.task("buy LED light bulbs").list == "home")
  }
}
