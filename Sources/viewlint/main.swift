import ViewLintCLI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

exit(ViewLintCommand.run(Array(CommandLine.arguments.dropFirst())))
