import Testing
@testable import ModelCompiler

@Suite struct RelationshipRuleTests {
    static let outOfStep =
        "Core Data updates each side by its own inverse, so a change made through one is not "
        + "reflected in the other and the object graph goes out of step; make the two name each other"

    @Test func destinationEntityNotFound() {
        assertFindings(
            #"""
            <entity name="A">
                <relationship name="r" optional="YES" maxCount="1" deletionRule="Nullify" 1️⃣destinationEntity="Nowhere"/>
            </entity>
            """#,
            [
                FindingSpec(
                    "1️⃣", .destinationEntityNotFound,
                    message: "'A.r' points at entity 'Nowhere', which is not in the model")
            ])
    }

    @Test func inverseNotFound() {
        assertFindings(
            #"""
            <entity name="A">
                <relationship name="b" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="B" 1️⃣inverseName="missing" inverseEntity="B"/>
            </entity>
            <entity name="B"/>
            """#,
            [
                FindingSpec(
                    "1️⃣", .inverseNotFound, .warning,
                    message: "'A.b' names 'missing' as its inverse, but 'B' has no relationship of that "
                        + "name; the relationship will have no inverse")
            ])
    }

    @Test func inverseNotReciprocal() {
        assertFindings(
            #"""
            <entity name="A">
                <relationship name="r" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="B" 1️⃣inverseName="s" inverseEntity="B"/>
                <relationship name="other" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="B" inverseName="s" inverseEntity="B"/>
            </entity>
            <entity name="B">
                <relationship name="s" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="A" inverseName="other" inverseEntity="A"/>
            </entity>
            """#,
            [
                FindingSpec(
                    "1️⃣", .inverseNotReciprocal, .warning,
                    message: "'A.r' has inverse 'B.s', but that relationship's inverse is 'A.other': "
                        + Self.outOfStep)
            ])
    }

    @Test func inverseEntityMismatch() {
        assertFindings(
            #"""
            <entity name="A">
                <relationship name="b" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="B" inverseName="a" 1️⃣inverseEntity="C"/>
            </entity>
            <entity name="B">
                <relationship name="a" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="A" inverseName="b" inverseEntity="A"/>
            </entity>
            <entity name="C"/>
            """#,
            [
                FindingSpec(
                    "1️⃣", .inverseEntityMismatch,
                    message: "'A.b' names its inverse on 'C' but its destination is 'B'")
            ])
    }

    @Test func missingInverse() {
        assertFindings(
            #"""
            <entity name="A">
                1️⃣<relationship name="b" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="B"/>
            </entity>
            <entity name="B"/>
            """#,
            [
                FindingSpec(
                    "1️⃣", .missingInverse, .warning,
                    message: "A.b should have an inverse; without one, deleting objects can leave the store "
                        + "inconsistent")
            ])
    }

    @Test func minCountAboveMaxCount() {
        assertFindings(
            #"""
            <entity name="A">
                <relationship name="b" optional="YES" toMany="YES" 1️⃣minCount="5" maxCount="2" deletionRule="Nullify" destinationEntity="B" inverseName="a" inverseEntity="B"/>
            </entity>
            <entity name="B">
                <relationship name="a" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="A" inverseName="b" inverseEntity="A"/>
            </entity>
            """#,
            [
                FindingSpec(
                    "1️⃣", .minCountAboveMaxCount, .warning,
                    message: "'A.b' has a minimum count of 5 above its maximum of 2: Core Data refuses to save "
                        + "it with any objects in it")
            ])
    }

    @Test func noActionDeleteRule() {
        assertFindings(
            #"""
            <entity name="A">
                <relationship name="b" optional="YES" maxCount="1" 1️⃣deletionRule="No Action" destinationEntity="B" inverseName="a" inverseEntity="B"/>
            </entity>
            <entity name="B">
                <relationship name="a" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="A" inverseName="b" inverseEntity="A"/>
            </entity>
            """#,
            [
                FindingSpec(
                    "1️⃣", .noActionDeleteRule, .warning,
                    message: "Setting the No Action Delete Rule on A.b is an advanced setting: deleting the "
                        + "object leaves dangling references to it")
            ])
    }

    @Test func anInverseWithoutItsOwnInverseIsSaidSo() {
        assertFindings(
            #"""
            <entity name="A">
                <relationship name="r" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="B" 1️⃣inverseName="s" inverseEntity="B"/>
            </entity>
            <entity name="B">
                2️⃣<relationship name="s" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="A"/>
            </entity>
            """#,
            [
                FindingSpec(
                    "1️⃣", .inverseNotReciprocal, .warning,
                    message: "'A.r' has inverse 'B.s', but that relationship has no inverse: " + Self.outOfStep),
                FindingSpec(
                    "2️⃣", .missingInverse, .warning,
                    message: "B.s should have an inverse; without one, deleting objects can leave the store "
                        + "inconsistent"),
            ])
    }

    @Test func aReciprocalPairHasNoFindings() {
        assertFindings(
            #"""
            <entity name="A">
                <relationship name="b" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="B" inverseName="a" inverseEntity="B"/>
            </entity>
            <entity name="B">
                <relationship name="a" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="A" inverseName="b" inverseEntity="A"/>
            </entity>
            """#, [])
    }

    /// A pattern from shipped models: the inverse lives on the destination's abstract parent.
    @Test func anInverseDeclaredOnTheDestinationsAncestorIsAccepted() {
        assertFindings(
            #"""
            <entity name="CoreLocation" isAbstract="YES">
                <relationship name="photos" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Photo" inverseName="location" inverseEntity="Photo"/>
            </entity>
            <entity name="Location" parentEntity="CoreLocation"/>
            <entity name="Photo">
                <relationship name="location" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Location" inverseName="photos" inverseEntity="CoreLocation"/>
            </entity>
            """#, [])
    }

    /// Seen on an art-gallery app's shipped versions, which Apple's momc compiled: two relationships name one inverse.
    @Test func twoRelationshipsSharingOneInverseCompileWithAWarning() throws {
        let body = #"""
            <entity name="Art">
                <relationship name="gallery" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Gallery" inverseName="works" inverseEntity="Gallery"/>
                <relationship name="shown" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Gallery" inverseName="works" inverseEntity="Gallery"/>
            </entity>
            <entity name="Gallery">
                <relationship name="works" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Art" inverseName="gallery" inverseEntity="Art"/>
            </entity>
            """#
        let found = Fixtures.diagnostics(forBody: body)
        #expect(found.codes == [.inverseNotReciprocal] && !found.hasErrors)
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let bundle = try Fixtures.writeBundle(in: directory, versions: [("Model", Fixtures.contents(body))])
        let result = compile(input: bundle, outputDirectory: directory + "/out")
        #expect(result.outputPath != nil && !result.diagnostics.hasErrors)
    }
}
