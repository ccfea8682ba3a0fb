import Foundation
import HeraldCore
@testable import HeraldTmux
import HeraldWire
import Testing

/// Reading tmux's clients and panes, choosing the client, and whether a pane is on its screen.
@Suite struct TmuxScreenTests {
    static let output = """
        client\t/dev/pts/4\t1800000100\t$0\t%1\t120\t40\t0\t0
        client\t/dev/pts/5\t1800000200\t$1\t%4\t80\t24\t0\t0
        client\t/dev/pts/6\t1800000300\t$1\t%4\t80\t24\t1\t0
        client\t/dev/pts/7\t1800000400\t$1\t%4\t80\t24\t0\t1
        pane\t%1\t$0\t1\t0\t1
        pane\t%2\t$0\t0\t0\t1
        pane\t%4\t$1\t1\t1\t1
        pane\t%5\t$1\t1\t1\t0
        pane\t%2\t$1\t1\t1\t0
        garbage line
        """

    @Test func theMostRecentlyActiveClientThatCanAnswerIsChosen() {
        let screen = TmuxScreen.parse(Self.output)
        #expect(screen.clients.count == 4 && screen.panes.count == 5)
        // pts/6 is a control-mode client, pts/7 read-only: pts/5 is the one.
        #expect(screen.activeClient?.name == "/dev/pts/5")
        #expect(screen.activeClient?.paneID == "%4" && screen.activeClient?.width == 80)
        #expect(TmuxScreen.parse("").activeClient == nil)
    }

    @Test func aPaneIsVisibleInTheCurrentWindowOfTheClientsSessionUnlessAnotherIsZoomed() {
        let screen = TmuxScreen.parse(Self.output)
        let first = screen.clients[0], second = screen.clients[1]
        #expect(screen.isVisible(pane: "%1", on: first))
        #expect(!screen.isVisible(pane: "%2", on: first))    // another window of its session
        #expect(!screen.isVisible(pane: "%1", on: second))   // another session
        #expect(screen.isVisible(pane: "%4", on: second))    // zoomed, and it is the zoomed one
        #expect(!screen.isVisible(pane: "%5", on: second))   // behind the zoomed pane
        #expect(!screen.isVisible(pane: "%2", on: second))   // a linked window: zoomed away here too
    }

    @Test func thePopupCommandRunsHeraldPopupOnTheClient() {
        var request = TmuxPopupRequest(client: TmuxFixtures.client(width: 50, height: 6), deliveryID: 42, width: 60,
                                       height: 9, position: .bottomRight, herald: "/usr/bin/herald",
                                       environment: ["HERALD_SOCKET": "/run/h.sock", "HERALD_NO_SPAWN": "1"],
                                       shownMarker: "/run/popup-1")
        #expect(request.fittedSize == (50, 5))
        #expect(request.command == ["display-popup", "-B", "-E", "-c", "/dev/pts/4", "-t", "%1", "-w", "50", "-h", "5",
                                    "-x", "R", "-y", "S", "-e", "HERALD_NO_SPAWN=1", "-e", "HERALD_SOCKET=/run/h.sock",
                                    "/usr/bin/herald", "popup", "42", "--pane", "%1", "--shown", "/run/popup-1"])
        request.position = .top
        #expect(request.command.contains("C") && request.command.contains("0"))
    }

    @Test(.enabled(if: TmuxServer.program("tmux", environment: ["PATH": "/usr/bin:/bin"]) != nil, "needs tmux in /usr/bin or /bin"))
    func theServerIsTheDaemonsTmuxElseTheDefaultSocket() throws {
        let path = ["PATH": "/usr/bin:/bin"]
        #expect(TmuxServer.locate(.automatic, environment: path, userID: 1000)?.socketPath == "/tmp/tmux-1000/default")
        #expect(TmuxServer.locate(.automatic, environment: path.merging(["TMUX_TMPDIR": "/run/t"]) { $1 }, userID: 5)?
                    .socketPath == "/run/t/tmux-5/default")
        #expect(TmuxServer.locate(.automatic, environment: path.merging(["TMUX": "/tmp/a,b/sock,42,0"]) { $1 })?
                    .socketPath == "/tmp/a,b/sock")
        #expect(TmuxServer.locate(.named("work"), environment: path, userID: 7)?.socketPath == "/tmp/tmux-7/work")
        #expect(TmuxServer.locate(.socket("/s"), environment: path)?.socketPath == "/s")
        #expect(TmuxServer.locate(.off, environment: path) == nil)
        #expect(TmuxServer.locate(.automatic, environment: ["PATH": "/nonexistent"]) == nil)
        let server = try #require(TmuxServer.locate(.socket("/s"), environment: path))
        #expect(server.arguments([["a", "1"], ["b"]]) == ["-S", "/s", "a", "1", ";", "b"])
        #expect(!server.isUp)
    }

    @Test func theTmuxPlaceOfAUserInterfaceComesFromItsEnvironment() {
        #expect(TmuxPlace.current(environment: ["TMUX": "/tmp/tmux-0/default,123,0", "TMUX_PANE": "%3"])
                == TmuxPlace(socket: "/tmp/tmux-0/default", pane: "%3"))
        #expect(TmuxPlace.current(environment: ["TMUX": "/tmp/tmux-0/default,123,0"]) == nil)
        #expect(TmuxPlace.current(environment: ["TMUX_PANE": "%3"]) == nil)
        #expect(TmuxPlace.socket(fromTMUX: "garbage") == nil)
    }
}
