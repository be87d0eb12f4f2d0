import Foundation

/// Synthetic models of a chosen size: per entity about 20 attributes of mixed types, two pairs of
/// relationships with inverses (to-one and to-many), a uniqueness constraint and a fetch index.
enum SyntheticModels {
    static let types = [
        "String", "Integer 16", "Integer 32", "Integer 64", "Double", "Float", "Boolean", "Date",
        "Binary", "UUID", "Decimal", "URI", "Transformable", "String", "Integer 32", "Date", "String",
        "Boolean", "Double", "Binary",
    ]

    static func contents(entities: Int, version: Int) -> String {
        var xml = """
            <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
            <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" lastSavedToolsVersion="22758" systemVersion="23H124" minimumToolsVersion="Automatic" sourceLanguage="Swift" userDefinedModelVersionIdentifier="\(version)">

            """
        for index in 0..<entities {
            let next = (index + 1) % entities, previous = (index + entities - 1) % entities
            xml +=
                "    <entity name=\"E\(index)\" representedClassName=\"E\(index)\" syncable=\"YES\" codeGenerationType=\"class\">\n"
            for (number, type) in types.enumerated() {
                let optional = number % 3 == 0 ? "" : " optional=\"YES\""
                let scalar =
                    ["Integer 16", "Integer 32", "Integer 64", "Double", "Float", "Boolean"].contains(type)
                    ? " usesScalarValueType=\"YES\"" : ""
                let value =
                    number % 3 == 0 && type != "Binary" && type != "Transformable" && type != "UUID" && type != "URI"
                    ? (type == "Date"
                        ? " defaultDateTimeInterval=\"0\"" : " defaultValueString=\"\(type == "String" ? "x" : "0")\"")
                    : ""
                xml +=
                    "        <attribute name=\"a\(number)\"\(optional) attributeType=\"\(type)\"\(value)\(scalar)/>\n"
            }
            // Later versions add attributes to the first entity, so that every version differs.
            if index == 0 {
                for extra in 0..<version {
                    xml += "        <attribute name=\"added\(extra)\" optional=\"YES\" attributeType=\"String\"/>\n"
                }
            }
            xml += """
                        <relationship name="children" optional="YES" toMany="YES" deletionRule="Cascade" destinationEntity="E\(next)" inverseName="parent" inverseEntity="E\(next)"/>
                        <relationship name="next" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="E\(next)" inverseName="previous" inverseEntity="E\(next)"/>
                        <relationship name="parent" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="E\(previous)" inverseName="children" inverseEntity="E\(previous)"/>
                        <relationship name="previous" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="E\(previous)" inverseName="next" inverseEntity="E\(previous)"/>
                        <fetchIndex name="byA1">
                            <fetchIndexElement property="a1" type="Binary" order="ascending"/>
                        </fetchIndex>
                        <uniquenessConstraints>
                            <uniquenessConstraint>
                                <constraint value="a0"/>
                            </uniquenessConstraint>
                        </uniquenessConstraints>
                    </entity>

                """
        }
        return xml + "</model>\n"
    }

    /// Writes `Synthetic<entities>x<versions>.xcdatamodeld` into `folder`; returns its path and XML bytes.
    static func write(entities: Int, versions: Int, into folder: String) throws -> (path: String, xmlBytes: Int) {
        let bundle = folder + "/Synthetic\(entities)x\(versions).xcdatamodeld"
        try? FileManager.default.removeItem(atPath: bundle)
        var bytes = 0
        for version in 1...versions {
            let directory = bundle + "/Synthetic \(version).xcdatamodel"
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let text = contents(entities: entities, version: version)
            try text.write(toFile: directory + "/contents", atomically: false, encoding: .utf8)
            bytes += text.utf8.count
        }
        let pointer = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>_XCCurrentVersionName</key><string>Synthetic \(versions).xcdatamodel</string></dict></plist>

            """
        try pointer.write(toFile: bundle + "/.xccurrentversion", atomically: false, encoding: .utf8)
        return (bundle, bytes)
    }
}
