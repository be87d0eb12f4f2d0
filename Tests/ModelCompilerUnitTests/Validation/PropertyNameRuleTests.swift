import Testing
@testable import ModelCompiler

@Suite struct PropertyNameRuleTests {
    @Test func anEntityNameWithALineBreak() {
        assertFindings(
            #"""
            1️⃣<entity name="A&#10;B"/>
            """#,
            [
                FindingSpec(
                    "1️⃣", .invalidName,
                    message: "entity name 'A\nB' is not an identifier (letters, digits and _, not starting "
                        + "with a digit), as Xcode requires: its class and fetch requests cannot "
                        + "use it")
            ])
    }

    @Test func aPropertyNameWithATab() {
        assertFindings(
            #"""
            <entity name="A">
                1️⃣<attribute name="x&#9;y" optional="YES" attributeType="String"/>
            </entity>
            """#,
            [
                FindingSpec(
                    "1️⃣", .invalidName,
                    message: "property name 'x\ty' of 'A' is not an identifier (letters, digits and _, not "
                        + "starting with a digit), as Xcode requires: accessors and key paths "
                        + "cannot use it")
            ])
    }

    @Test func aPropertyNameStartingWithADigit() {
        assertFindings(
            #"""
            <entity name="A">
                1️⃣<attribute name="2x" optional="YES" attributeType="String"/>
            </entity>
            """#,
            [
                FindingSpec(
                    "1️⃣", .invalidName,
                    message: "property name '2x' of 'A' is not an identifier (letters, digits and _, not "
                        + "starting with a digit), as Xcode requires: accessors and key paths "
                        + "cannot use it")
            ])
    }

    @Test func duplicateProperty() {
        assertFindings(
            #"""
            <entity name="A">
                <attribute name="x" optional="YES" attributeType="String"/>
                1️⃣<attribute name="x" optional="YES" attributeType="String"/>
            </entity>
            """#,
            [
                FindingSpec(
                    "1️⃣", .duplicateProperty,
                    message: "entity 'A' declares 'x' more than once (first as an attribute at line 4)")
            ])
    }

    /// Names are told apart by their first eight bytes before whole names are compared: names sharing those bytes
    /// are not duplicates, a long name declared again (as another kind) is.
    @Test func duplicateLongNamesAcrossKinds() {
        assertFindings(
            #"""
            <entity name="A">
                <attribute name="identifierOfTheRow" optional="YES" attributeType="String"/>
                <attribute name="identifierOther" optional="YES" attributeType="String"/>
                <attribute name="identifi" optional="YES" attributeType="String"/>
                1️⃣<fetchedProperty name="identifierOfTheRow" optional="YES">
                    <fetchRequest name="fetchedPropertyFetchRequest" entity="A" predicateString="TRUEPREDICATE"/>
                </fetchedProperty>
            </entity>
            """#,
            [
                FindingSpec(
                    "1️⃣", .duplicateProperty,
                    message: "entity 'A' declares 'identifierOfTheRow' more than once (first as an attribute "
                        + "at line 4)")
            ])
    }

    /// A large entity's names are found in a dictionary instead of by looking back: the same findings.
    @Test func duplicatesInALargeEntity() {
        let count = FirstOccurrences.lookBackLimit + 6
        let attributes = (0..<count).map {
            "    <attribute name=\"value\($0)\" optional=\"YES\" attributeType=\"String\"/>"
        }
        assertFindings(
            "<entity name=\"A\">\n" + attributes.joined(separator: "\n") + "\n"
                + "    1️⃣<attribute name=\"value3\" optional=\"YES\" attributeType=\"Integer 16\"/>\n"
                + "    2️⃣<attribute name=\"value\(count - 1)\" optional=\"YES\" attributeType=\"Date\"/>\n"
                + "</entity>",
            [
                FindingSpec(
                    "1️⃣", .duplicateProperty,
                    message: "entity 'A' declares 'value3' more than once (first as an attribute at line 7)"),
                FindingSpec(
                    "2️⃣", .duplicateProperty,
                    message: "entity 'A' declares 'value\(count - 1)' more than once (first as an attribute "
                        + "at line \(count + 3))"),
            ])
    }

    @Test func aSubentityChangingAnInheritedPropertysKind() {
        assertFindings(
            #"""
            <entity name="P">
                <attribute name="x" optional="YES" attributeType="String"/>
            </entity>
            <entity name="C" parentEntity="P">
                <attribute name="y" optional="YES" attributeType="String"/>
                1️⃣<attribute name="x" optional="YES" attributeType="Integer 16" defaultValueString="0"/>
            </entity>
            """#,
            [
                FindingSpec(
                    "1️⃣", .propertyShadowsInherited,
                    message: "'C.x' clashes with the attribute 'x' it inherits from 'P': a subentity cannot "
                        + "change an inherited property's kind or type")
            ])
    }

    @Test func aSubentityRedeclaringAnInheritedProperty() {
        assertFindings(
            #"""
            <entity name="P">
                <attribute name="x" optional="YES" attributeType="String"/>
            </entity>
            <entity name="C" parentEntity="P">
                1️⃣<attribute name="x" optional="YES" attributeType="String"/>
            </entity>
            """#,
            [
                FindingSpec(
                    "1️⃣", .propertyRedeclaresInherited, .warning,
                    message: "'C.x' redeclares the attribute it inherits from 'P'; remove one of the two")
            ])
    }

    @Test func tooManyProperties() {
        assertFindings(
            #"""
            1️⃣<entity name="Wide">
                <attribute name="a0" optional="YES" attributeType="String"/>
                <attribute name="a1" optional="YES" attributeType="String"/>
                <attribute name="a2" optional="YES" attributeType="String"/>
                <attribute name="a3" optional="YES" attributeType="String"/>
                <attribute name="a4" optional="YES" attributeType="String"/>
                <attribute name="a5" optional="YES" attributeType="String"/>
                <attribute name="a6" optional="YES" attributeType="String"/>
                <attribute name="a7" optional="YES" attributeType="String"/>
                <attribute name="a8" optional="YES" attributeType="String"/>
                <attribute name="a9" optional="YES" attributeType="String"/>
                <attribute name="a10" optional="YES" attributeType="String"/>
                <attribute name="a11" optional="YES" attributeType="String"/>
                <attribute name="a12" optional="YES" attributeType="String"/>
                <attribute name="a13" optional="YES" attributeType="String"/>
                <attribute name="a14" optional="YES" attributeType="String"/>
                <attribute name="a15" optional="YES" attributeType="String"/>
                <attribute name="a16" optional="YES" attributeType="String"/>
                <attribute name="a17" optional="YES" attributeType="String"/>
                <attribute name="a18" optional="YES" attributeType="String"/>
                <attribute name="a19" optional="YES" attributeType="String"/>
                <attribute name="a20" optional="YES" attributeType="String"/>
                <attribute name="a21" optional="YES" attributeType="String"/>
                <attribute name="a22" optional="YES" attributeType="String"/>
                <attribute name="a23" optional="YES" attributeType="String"/>
                <attribute name="a24" optional="YES" attributeType="String"/>
                <attribute name="a25" optional="YES" attributeType="String"/>
                <attribute name="a26" optional="YES" attributeType="String"/>
                <attribute name="a27" optional="YES" attributeType="String"/>
                <attribute name="a28" optional="YES" attributeType="String"/>
                <attribute name="a29" optional="YES" attributeType="String"/>
                <attribute name="a30" optional="YES" attributeType="String"/>
                <attribute name="a31" optional="YES" attributeType="String"/>
                <attribute name="a32" optional="YES" attributeType="String"/>
                <attribute name="a33" optional="YES" attributeType="String"/>
                <attribute name="a34" optional="YES" attributeType="String"/>
                <attribute name="a35" optional="YES" attributeType="String"/>
                <attribute name="a36" optional="YES" attributeType="String"/>
                <attribute name="a37" optional="YES" attributeType="String"/>
                <attribute name="a38" optional="YES" attributeType="String"/>
                <attribute name="a39" optional="YES" attributeType="String"/>
                <attribute name="a40" optional="YES" attributeType="String"/>
                <attribute name="a41" optional="YES" attributeType="String"/>
                <attribute name="a42" optional="YES" attributeType="String"/>
                <attribute name="a43" optional="YES" attributeType="String"/>
                <attribute name="a44" optional="YES" attributeType="String"/>
                <attribute name="a45" optional="YES" attributeType="String"/>
                <attribute name="a46" optional="YES" attributeType="String"/>
                <attribute name="a47" optional="YES" attributeType="String"/>
                <attribute name="a48" optional="YES" attributeType="String"/>
                <attribute name="a49" optional="YES" attributeType="String"/>
                <attribute name="a50" optional="YES" attributeType="String"/>
                <attribute name="a51" optional="YES" attributeType="String"/>
                <attribute name="a52" optional="YES" attributeType="String"/>
                <attribute name="a53" optional="YES" attributeType="String"/>
                <attribute name="a54" optional="YES" attributeType="String"/>
                <attribute name="a55" optional="YES" attributeType="String"/>
                <attribute name="a56" optional="YES" attributeType="String"/>
                <attribute name="a57" optional="YES" attributeType="String"/>
                <attribute name="a58" optional="YES" attributeType="String"/>
                <attribute name="a59" optional="YES" attributeType="String"/>
                <attribute name="a60" optional="YES" attributeType="String"/>
                <attribute name="a61" optional="YES" attributeType="String"/>
                <attribute name="a62" optional="YES" attributeType="String"/>
                <attribute name="a63" optional="YES" attributeType="String"/>
                <attribute name="a64" optional="YES" attributeType="String"/>
                <attribute name="a65" optional="YES" attributeType="String"/>
                <attribute name="a66" optional="YES" attributeType="String"/>
                <attribute name="a67" optional="YES" attributeType="String"/>
                <attribute name="a68" optional="YES" attributeType="String"/>
                <attribute name="a69" optional="YES" attributeType="String"/>
                <attribute name="a70" optional="YES" attributeType="String"/>
                <attribute name="a71" optional="YES" attributeType="String"/>
                <attribute name="a72" optional="YES" attributeType="String"/>
                <attribute name="a73" optional="YES" attributeType="String"/>
                <attribute name="a74" optional="YES" attributeType="String"/>
                <attribute name="a75" optional="YES" attributeType="String"/>
                <attribute name="a76" optional="YES" attributeType="String"/>
                <attribute name="a77" optional="YES" attributeType="String"/>
                <attribute name="a78" optional="YES" attributeType="String"/>
                <attribute name="a79" optional="YES" attributeType="String"/>
                <attribute name="a80" optional="YES" attributeType="String"/>
                <attribute name="a81" optional="YES" attributeType="String"/>
                <attribute name="a82" optional="YES" attributeType="String"/>
                <attribute name="a83" optional="YES" attributeType="String"/>
                <attribute name="a84" optional="YES" attributeType="String"/>
                <attribute name="a85" optional="YES" attributeType="String"/>
                <attribute name="a86" optional="YES" attributeType="String"/>
                <attribute name="a87" optional="YES" attributeType="String"/>
                <attribute name="a88" optional="YES" attributeType="String"/>
                <attribute name="a89" optional="YES" attributeType="String"/>
                <attribute name="a90" optional="YES" attributeType="String"/>
                <attribute name="a91" optional="YES" attributeType="String"/>
                <attribute name="a92" optional="YES" attributeType="String"/>
                <attribute name="a93" optional="YES" attributeType="String"/>
                <attribute name="a94" optional="YES" attributeType="String"/>
                <attribute name="a95" optional="YES" attributeType="String"/>
                <attribute name="a96" optional="YES" attributeType="String"/>
                <attribute name="a97" optional="YES" attributeType="String"/>
                <attribute name="a98" optional="YES" attributeType="String"/>
                <attribute name="a99" optional="YES" attributeType="String"/>
                <attribute name="a100" optional="YES" attributeType="String"/>
            </entity>
            """#,
            [
                FindingSpec(
                    "1️⃣", .tooManyProperties, .warning,
                    message: "entity 'Wide' has 101 properties, more than 100; large entities fetch slowly, "
                        + "consider splitting it")
            ])
    }

    @Test func reservedPropertyName() {
        assertFindings(
            #"""
            <entity name="A">
                1️⃣<attribute name="description" optional="YES" attributeType="String"/>
            </entity>
            """#,
            [
                FindingSpec(
                    "1️⃣", .reservedPropertyName,
                    message: "'A.description' clashes with NSManagedObject's 'description' and breaks at run "
                        + "time; choose another name")
            ])
    }
}
