/// The text of `--help` and `help VERB`.
enum Help {
    static let version = "openmomc 0.1.0"

    static let overview = """
        OVERVIEW: openmomc compiles and checks Core Data models (.xcdatamodeld, .xcdatamodel) and mapping
        models (.xcmappingmodel).

        USAGE: openmomc <command> [options] <path>...

        COMMANDS:
          check         Validate models and report problems like a compiler
          compile       Compile a model to the .momd (or .mom) Core Data loads
          build         Compile and generate in one step (what the SwiftPM build plugin runs)
          generate      Generate typed Swift accessors for a model's current version
          hashes        Print each version's entity hashes and versionChecksum
          dump          Print a compiled model (or what a source model compiles to) readably
          diff          Report what migrating between versions does to users' stores
          mark-shipped  Record released versions in ShippedVersions.json so edits to them fail the build
          new-version   Add a model version after the current one and make it current
          convert       Rewrite Xcode 3 binary model versions as the XML Xcode writes today
          store         Tell which model version wrote a Core Data store and whether the current one opens it
          momc          Apple's momc command line (also when run as 'momc'), for tools that call momc
          mapc          Apple's mapc command line (also when run as 'mapc'): a mapping model to a .cdm
          acknowledge   Record that a migration change drops data on purpose, with the reason
          diagram       Draw a model version as an entity-relationship diagram (SVG, DOT, Mermaid)
          fixtures      Write a store of each shipped version, with rows, for on-disk migration tests

        OPTIONS:
          -h, --help    Show help
          --version     Show the version

        See 'openmomc help <command>' for a command's options.
        Exit status: 0 no errors, 1 errors found, 2 bad usage or unreadable input.

        """

    static let check = """
        OVERVIEW: Validate Core Data models and print diagnostics plus a one-line summary.

        USAGE: openmomc check [--format text|json|sarif|github] [--history] [--config <file>] [--severity <code>=<level>]...
                              [--absent <Entity.property>]... <path>...

        ARGUMENTS:
          <path>        A .xcdatamodeld bundle, a .xcdatamodel version, its 'contents' file,
                        or a folder to search for models

        OPTIONS:
          --format <format>
                        'text' (default): path:line:column: error: message [code] on stderr,
                        coloured only on a terminal (set NO_COLOR to turn colour off);
                        'json': a JSON array of diagnostics on stdout;
                        'sarif': one SARIF 2.1.0 log on stdout, for code scanning;
                        'github': GitHub Actions workflow commands on stdout (annotations);
                        paths in both relative to the working folder
          --absent <Entity.property>
                        Fail if this retired name is still in a bundle's current version
          --enclosing   Check the model each path is inside of (its .xcdatamodeld, else its
                        .xcdatamodel), once each: what the pre-commit hook passes is changed files
                        (repeatable; a bare Entity checks the entity)
          --config <file>, --severity <code>=<level>, --mapping-model <path>
                        As for build: per-code severities (ignore, warning, error), history,
                        upgrade paths, mapping models. Without --config, each bundle's nearest
                        openmomc.json from its folder up to the package root
          --history     Every finding of every version and every upgrade path. By default the
                        warnings of versions that shipped are summed up in one note (they cannot be
                        edited), so are the findings on upgrades into shipped versions (history: they
                        never fail the build), and each migration change is reported once, with its
                        upgrade paths
          -h, --help    Show help

        """

    static let build = """
        OVERVIEW: Compile a model and generate its Swift in one step, into one folder: what the
        CoreDataModelPlugin build plugin runs for each model of a target.

        USAGE: openmomc build [--config <file>] [--severity <code>=<level>]... [--module <name>]
                              [--package-root <path>] [--cache <folder>] <input> <output-folder>

        ARGUMENTS:
          <input>            A .xcdatamodeld or .xcdatamodel
          <output-folder>    Where Name.momd (or Name.mom) and the Swift go; created when missing

        OPTIONS:
          --config <file>    An openmomc.json (default: the nearest one from the model's folder up to the
                             package root, the first folder with Package.swift, .git or an .xcodeproj):
                             {"style": "xcode"|"strict", "access": "public"|"internal",
                             "warningsAsErrors": true|false, "all": true|false, "history": true|false,
                             "diagnostics": {"<code>": "ignore"|"warning"|"error"}, "oldestSupportedVersion":
                             "<version>", "migration": "direct"|"step-by-step", "mappingModels": ["<path>"]}
          --severity <code>=<level>
                             A code's severity: ignore, warning or error (repeatable; wins over the file)
          --mapping-model <path>
                             A .xcmappingmodel the guard reads besides those in the model's folder and its
                             subfolders (repeatable; adds to the file's mappingModels, which are relative
                             to the file)
          --module <name>    The module the generated classes live in
          --package-root <path>
                             Name fixes as the package's command plugins (swift package ... mark-shipped,
                             new-model-version) with paths relative to <path>: what the build plugin passes;
                             migration policy classes are looked for in the sources under <path>
          --cache <folder>   Compiled versions kept between runs (the build plugin keeps them in its work
                             folder): a version is parsed, typed, validated and archived again only when its
                             file's bytes or openmomc change. A damaged or stale entry is ignored and replaced.
                             Never inside the model.
          --format <format>  'text' (default), 'json', 'sarif' (SARIF 2.1.0) or 'github' (workflow
                             commands) diagnostics
          -h, --help         Show help

        """

    static let generate = """
        OVERVIEW: Generate Swift for the current version of a model: NSManagedObject subclasses and their
        properties as Xcode's code generation writes them, plus per-entity key constants and a model type
        with the model name, the current version, every version's checksum and a loader. Code that needs
        Core Data is inside #if canImport(CoreData); the rest compiles everywhere.

        USAGE: openmomc generate [options] <input> <output-folder>

        ARGUMENTS:
          <input>          A .xcdatamodeld or .xcdatamodel
          <output-folder>  Created when missing; by default one file <ModelName>+CoreDataModel.swift

        OPTIONS:
          --style <style>    'xcode' (default): Xcode's shapes, so a project can switch without code
                             changes; 'strict': honours optionality, Swift scalars, Set<Destination>,
                             and typedFetchRequest() instead of the ambiguous fetchRequest();
                             'swiftdata': one <Entity>.swift per entity with a SwiftData @Model class;
                             'swiftdata-versioned': a VersionedSchema per shipped version and the current one,
                             and <Model>MigrationPlan with a stage per upgrade from the migration analysis
          --flavor <flavor>  With swiftdata: 'corrected' (default): code that compiles and keeps every
                             value; 'xcode': what Xcode's Create SwiftData Code writes, quirks included
          --xcode-version <version>
                             With --flavor xcode: the Xcode to reproduce (15.0 ... 16.4, 16.0-beta, 26);
                             default: the one that last saved the model
          --project <name>, --author <name>, --date <text>
                             The swiftdata files' header lines (default: the model's name, openmomc, 1/1/26)
          --access <level>   'public' (default) or 'internal'
          --module <name>    The module the classes live in (Module.Foo then counts as current module)
          --all              Also entities whose codegen is Manual/None
          --split            Xcode's per-entity files (<Class>+CoreDataClass.swift, ...+CoreDataProperties.swift)
          --config <file>    An openmomc.json (see 'openmomc help build'); the flags above win over it
          --severity <code>=<level>
                             A code's severity: ignore, warning or error (repeatable)
          --format <format>  'text' (default), 'json', 'sarif' (SARIF 2.1.0) or 'github' (workflow
                             commands) diagnostics
          -h, --help         Show help

        """

    static let diff = """
        OVERVIEW: Predict what Core Data's inferred (lightweight) migration does between versions: for each
        pair, every change with its verdict (no migration needed, inferable, data dropped, not inferable)
        and the verdict of the pair. Matching follows Core Data: renaming IDs are canonical names.

        A pair that a mapping model covers is reported as its custom migration (what it drops). The exit
        status is 1 when a reported pair cannot be migrated, whatever other upgrades do.

        USAGE: openmomc diff [--from <version>] [--to <version>] [--format text|json|markdown]
                             [--config <file>] [--mapping-model <path>]... <bundle>

        ARGUMENTS:
          <bundle>          A .xcdatamodeld

        OPTIONS:
          --from <version>  Only this source version (default: every earlier version, and each
                            consecutive pair)
          --to <version>    The target version (default: the current version)
          --config <file>   An openmomc.json (default: the nearest one from the bundle's folder up to the
                            package root): its mapping models
          --mapping-model <path>
                            A .xcmappingmodel to read besides those beside the bundle
          --format <format> 'text' (default), 'json', or 'markdown': a pull-request comment (the verdict
                            of each upgrade, a table of the changes with file and line, a Mermaid
                            picture of what the newest upgrade changes)
          -h, --help        Show help

        """

    static let compile = """
        OVERVIEW: Compile a Core Data model as Apple's momc does, or a mapping model as Apple's mapc does.

        USAGE: openmomc compile [--format text|json|sarif|github] [--config <file>] [--severity <code>=<level>]...
                                [--cache <folder>] <input> <output-folder>

        ARGUMENTS:
          <input>          Name.xcdatamodeld (-> <output-folder>/Name.momd/ with one .mom per
                           version and VersionInfo.plist) or Name.xcdatamodel (-> Name.mom), or
                           Name.xcmappingmodel (-> Name.cdm)
          <output-folder>  Created when missing. The output is written beside its destination first
                           and swapped in, so a failed compile leaves an older output untouched.

        OPTIONS:
          --config <file>    An openmomc.json (see 'openmomc help build'): its history, diagnostics, upgrade
                             paths and mapping models
          --severity <code>=<level>
                             A code's severity: ignore, warning or error (repeatable)
          --mapping-model <path>
                             A .xcmappingmodel the guard reads besides those beside the model (repeatable)
          --cache <folder>   Keep each compiled version there and reuse it while the version's file is
                             byte for byte the same and openmomc is this build (see 'openmomc help build')
          --format <format>  'text' (default), 'json', 'sarif' (SARIF 2.1.0) or 'github' (workflow
                             commands) diagnostics
          -h, --help         Show help

        """

    static let hashes = """
        OVERVIEW: Print each version's entity version hashes (hex and base64) and versionChecksum,
        the values to compare with a store's NSStoreModelVersionHashes metadata.

        USAGE: openmomc hashes [--format text|json] <path>

        ARGUMENTS:
          <path>        A source model (.xcdatamodeld, .xcdatamodel), a compiled .momd or a lone .mom,
                        or a mapping model (.xcmappingmodel: the hashes of its two model snapshots)

        OPTIONS:
          --format <format>  'text' (default) or 'json'
          -h, --help         Show help

        """

    static let store = """
        OVERVIEW: Tell which model version wrote a Core Data SQLite store, how the store differs when
        no version did, and whether the current version opens it (as is, after an inferred migration or
        one with a mapping model found beside the model, or failing with Core Data's error). The store is
        read from a private copy, never changed. When the upgrade drops data, says how many of the
        store's rows hold a value it drops, per column and per dropped entity.

        USAGE: openmomc store [--model <bundle>]... [--format text|json] <store>
               openmomc store sanitize [--all] <store> <output>   (see 'openmomc store sanitize --help')

        ARGUMENTS:
          <store>       A Core Data SQLite store (any file name); a -wal file beside it is read too

        OPTIONS:
          --model <bundle>   The app's model: .xcdatamodeld or .xcdatamodel, or the compiled .momd (or
                             .mom) from the app bundle; default: the one model under the current folder.
                             Repeat it for models merged at run time
          --config <file>    An openmomc.json (default: each model's nearest one up to the package root):
                             its upgrade paths and mapping models; --mapping-model <path> adds one
          --format <format>  'text' (default) or 'json'
          -h, --help         Show help

        """

    static let mapcUsage =
        "usage: mapc [--sdkroot <path>] [--<platform>-deployment-target <version>] [--module <name>] "
        + "[--mapc-no-warnings] <input.xcmappingmodel> <output.cdm>\n"

    static let mapc = """
        OVERVIEW: Apple's mapc command line, for build tools that call mapc (Xcode's rules, Bazel's rules_apple,
        CocoaPods). Also what this executable does when run under the name 'mapc' (a symlink).

        USAGE: openmomc mapc [options] <input> <output>

        ARGUMENTS:
          <input>       A .xcmappingmodel
          <output>      The .cdm to write, or a folder (Name.cdm is written inside it)

        OPTIONS:
          --module <name>                      The app's module (Swift policy classes must be qualified with it)
          --sdkroot <path>, --<platform>-deployment-target <v>
                                               Accepted; nothing changes here
          --mapc-no-warnings                   No warnings
          --print-diagnostic-categories        Prints nothing: openmomc's diagnostics have no mapc categories

        Diagnostics are printed as mapc prints them, 'path:LINE: warning: message'.

        """

    static let momcUsage =
        "usage: momc [--action compile|generate] [--module <name>] [--<platform>-deployment-target <version>] "
        + "[--swift-version <version>] [--sdkroot <path>] [--no-warnings] [--dry-run] <input> <output>\n"

    static let momc = """
        OVERVIEW: Apple's momc command line, for build tools that call momc (Bazel's rules_apple, CocoaPods,
        Xcode's rules, scripts). Also what this executable does when run under the name 'momc' (a symlink).

        USAGE: openmomc momc [options] <input> <output>

        ARGUMENTS:
          <input>       A .xcdatamodeld or .xcdatamodel
          <output>      A folder (Name.momd or Name.mom is written inside it), or the .momd/.mom itself;
                        with --action generate, the folder for the Swift files

        OPTIONS:
          --action compile|generate            Compile (default), or write Xcode's per-entity Swift files
          --module <name>                      The module the classes live in
          --<platform>-deployment-target <v>   iphoneos, macosx, watchos, appletvos, xros (and simulators);
                                               decides whether generated classes get Identifiable
          --swift-version <v>, --sdkroot <path>, --suppress-inverse-transient-error
                                               Accepted; nothing changes here
          --no-warnings                        No warnings; --no-inverse-relationship-warnings,
                                               --no-max-property-count-warnings, --no-delete-rule-warnings
                                               drop those kinds only
          --dry-run                            Print the paths that would be written, one per line; write nothing
          --print-diagnostic-categories        Prints nothing: openmomc's diagnostics have no momc categories
          Xcode 6 spellings: -XD_MOMC_SDKROOT=<path>, -XD_MOMC_IOS_TARGET_VERSION=<v>, -MOMC_PLATFORMS <name>,
          -MOMC_NO_WARNINGS

        Diagnostics are printed as momc prints them, 'path:LINE: warning: message', and after compiling,
        one 'path: note: Model <version> version checksum: <checksum>' line per version.

        """
}
