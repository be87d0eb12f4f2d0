import Foundation
import Testing
@testable import ModelCompiler

/// Fixes are named as the user can run them: `openmomc` on the command line, the package's command plugins
/// (with a path relative to the package) inside a SwiftPM build.
@Suite struct CommandAdviceTests {
    @Test func commandLineAndPlugin() {
        let bundle = "/work/App/Sources/Store/My Model.xcdatamodeld"
        #expect(CommandAdvice.commandLine.newVersion(bundle) == "openmomc new-version \"\(bundle)\"")
        // Below the working folder, the path is shown relative to it, as the user would type it.
        let here = FileManager.default.currentDirectoryPath + "/Sources/M.xcdatamodeld"
        #expect(CommandAdvice.commandLine.markShipped(here) == "openmomc mark-shipped Sources/M.xcdatamodeld")
        let plugin = CommandAdvice.packagePlugin(packageRoot: "/work/App")
        #expect(
            plugin.newVersion(bundle)
                == "swift package --allow-writing-to-package-directory new-model-version --model \"Sources/Store/My Model.xcdatamodeld\""
        )
        #expect(
            plugin.markShipped("/elsewhere/M.xcdatamodeld", options: "--version NAME")
                == "swift package --allow-writing-to-package-directory mark-shipped --version NAME --model /elsewhere/M.xcdatamodeld"
        )
    }
}
