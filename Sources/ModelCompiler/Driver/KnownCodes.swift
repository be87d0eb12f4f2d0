/// Every diagnostic code openmomc reports, for checking a configuration's per-code severities: a misspelled code
/// must be an error, not an override that silently does nothing. A test keeps this list equal to the declarations.
enum KnownCodes {
    static let all: Set<String> = [
        "acknowledgement-malformed", "acknowledgement-refused", "acknowledgement-stale",
        "cloudkit-deny-rule", "cloudkit-missing-inverse", "cloudkit-ordered-relationship",
        "cloudkit-required-attribute", "cloudkit-required-relationship", "cloudkit-uniqueness-constraint",
        "codegen-name-clash", "composite-cycle", "composite-not-found", "configuration-invalid",
        "configuration-unknown-entity", "constraint-unknown-property", "conversion-refused",
        "current-version-malformed", "current-version-missing", "current-version-not-found",
        "current-version-outside-bundle", "current-version-stale", "destination-entity-not-found",
        "duplicate-composite", "duplicate-configuration", "duplicate-entity", "duplicate-fetch-request",
        "duplicate-property", "duplicate-renaming-identifier", "duplicate-user-info-key", "empty-bundle",
        "fetch-index-unknown-property", "fetch-request-unknown-entity", "fetched-property-unknown-entity",
        "file-not-found", "frozen-version-findings", "inheritance-cycle", "invalid-argument", "invalid-default-value",
        "invalid-enum-value", "invalid-expression", "invalid-name", "invalid-number", "invalid-value-range",
        "inverse-entity-mismatch", "inverse-not-found", "inverse-not-reciprocal", "migration-broken-rename-chain",
        "migration-cloudkit-not-additive", "migration-data-dropped", "migration-destination-change",
        "migration-entity-dropped", "migration-hierarchy-merge", "migration-inferable", "migration-kind-change",
        "migration-probable-rename", "migration-required-without-default", "migration-type-change",
        "min-count-above-max-count", "missing-contents", "missing-inverse", "missing-required-attribute",
        "multiple-unshipped-versions", "no-action-delete-rule", "no-shipped-record", "not-a-model",
        "nothing-to-convert", "output-not-a-folder", "output-not-writable", "parent-entity-not-found",
        "property-redeclares-inherited", "property-shadows-inherited", "renaming-identifier-spelling",
        "renaming-identifier-unknown", "reserved-property-name", "retired-name-present", "retired-name-unknown",
        "root-not-model", "shipped-record-malformed", "shipped-version-missing", "shipped-version-modified",
        "store-checksum-mismatch", "store-metadata-malformed",
        "store-model-cache-unreadable", "store-model-not-found", "store-not-core-data", "store-not-sqlite",
        "store-unreadable", "too-many-properties", "undefined-stored-attribute", "unknown-attribute-type",
        "unknown-xml-attribute", "unknown-xml-element", "unreadable-file", "upgrade-paths", "value-out-of-range", "value-reinterpreted", "version-name-invalid",
        "version-not-found", "xcode3-archive-malformed", "xcode3-binary-model", "xcode3-unknown-tag",
        "xcode3-unverified-setting", "xml-not-well-formed",
    ]
}
