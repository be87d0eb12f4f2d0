// The help of the commands that change a user's bundle on request (`mark-shipped`, `new-version`, `convert`,
// `acknowledge`) and of `dump`.
extension Help {
    static let acknowledge = """
        OVERVIEW: Record that a migration change drops data on purpose (a deliberate retirement), with the
        reason, in the bundle's AcknowledgedChanges.json (commit it). check and the build plugin stop reporting
        it (once versions are marked shipped, a drop on the way to the version in development fails the build
        until then); diff still lists it, marked. An acknowledgement that names nothing dropped any more is a
        warning. The exit status is 0 when it recorded the acknowledgement.

        USAGE: openmomc acknowledge --reason <text> [--config <file>] [--mapping-model <path>]... <bundle> <subject>

        ARGUMENTS:
          <bundle>      A .xcdatamodeld
          <subject>     The Entity.property (or Entity) whose data the change drops, as the warning names it

        OPTIONS:
          --reason <text>    Why dropping the data is right (required)
          --config <file>    An openmomc.json whose upgrade paths (oldestSupportedVersion, migration) apply
                             (default: the nearest one from the bundle's folder up to the package root)
          --mapping-model <path>
                             A .xcmappingmodel to read besides those beside the bundle
          --format <format>  'text' (default) or 'json'
          -h, --help         Show help

        """

    static let dump = """
        OVERVIEW: Print a compiled model readably, one 'path: value' line per value: entities,
        properties with their flags, relationships, fetch requests. For a source model, prints
        what it compiles to.

        USAGE: openmomc dump [--format text|json] <path>

        ARGUMENTS:
          <path>        A .mom, a .momd, or a source model (.xcdatamodeld, .xcdatamodel); a compiled
                        mapping model (.cdm), or a mapping model (.xcmappingmodel: what it compiles to)

        OPTIONS:
          --format <format>  'text' (default) or 'json'
          -h, --help         Show help

        """

    static let markShipped = """
        OVERVIEW: Record model versions as shipped in BUNDLE/ShippedVersions.json. From then on, check and
        compile fail when a recorded version changes, is deleted or renamed, or when .xccurrentversion is
        stale; findings on upgrades into recorded versions are history: listed by check --history, they no
        longer fail the build.

        USAGE: openmomc mark-shipped [--version <name> | --all | --upgrade-format] [--accept-findings <reason>]
                                     [--config <file>] [--mapping-model <path>]... <bundle>

        ARGUMENTS:
          <bundle>          A .xcdatamodeld

        OPTIONS:
          --version <name>  The version to record (default: the current version)
          --all             Record every version up to the current one (adopting openmomc in an app that
                            already shipped)
          --upgrade-format  Rewrite a record written in an older format in the current one, after verifying
                            that no recorded version changed (older formats keep verifying without it)
          --accept-findings <reason>
                            Mark a version whose upgrades have errors anyway, recording the reason for each
                            in AcknowledgedChanges.json
          --config <file>   An openmomc.json (default: the nearest one from the bundle's folder up to the
                            package root): its upgrade paths and mapping models
          --mapping-model <path>
                            A .xcmappingmodel to read besides those beside the bundle
          --format <format> 'text' (default) or 'json' diagnostics
          -h, --help        Show help

        """

    static let newVersion = """
        OVERVIEW: Add a model version, as Xcode's "Add Model Version" does: copy the current version to the
        next name in the bundle's pattern ("Model 3" after "Model 2"), keeping every renaming ID, and point
        .xccurrentversion at it. Make model changes in the new version, never in a shipped one.

        USAGE: openmomc new-version [--name <name>] <bundle>

        ARGUMENTS:
          <bundle>          A .xcdatamodeld

        OPTIONS:
          --name <name>     The new version's name (default: the next in the pattern)
          --format <format> 'text' (default) or 'json' diagnostics
          -h, --help        Show help

        """

    static let convert = """
        OVERVIEW: Rewrite a bundle's Xcode 3 binary versions ('elements' and 'layout') as the XML 'contents'
        that Xcode's own conversion writes, then remove 'elements' and 'layout' as Xcode does. Each version is
        converted only if its XML reads back to exactly the model it compiles to now (the same .mom and version
        hashes), so shipped-version records and users' stores are unaffected. Other commands read binary
        versions as they are; this one is only needed to edit them in a current Xcode.

        USAGE: openmomc convert [--version <name>] [--keep-binary] <bundle>

        ARGUMENTS:
          <bundle>          A .xcdatamodeld, or a lone .xcdatamodel

        OPTIONS:
          --version <name>  Convert this version only (default: every binary version)
          --keep-binary     Keep 'elements' and 'layout' beside the new 'contents' (check then warns)
          --format <format> 'text' (default) or 'json' diagnostics
          -h, --help        Show help

        """
}
