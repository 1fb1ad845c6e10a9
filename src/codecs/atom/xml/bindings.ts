/**
 * The namespace bindings in scope while scanning (Namespaces in XML 1.0, 3rd ed.): one stack per
 * prefix (a prefix resolves in constant time however deep the document), and each namespace name
 * interned to a small id. Attributes are told apart by that id and their local name, so a check
 * never hashes or compares a namespace name again: a long namespace name used by many attributes
 * costs its length once per declaration, not once per attribute.
 */

const XML_NAMESPACE = "http://www.w3.org/XML/1998/namespace";
const XMLNS_NAMESPACE = "http://www.w3.org/2000/xmlns/";

/** The id of the empty namespace name (no namespace). */
const NO_NAMESPACE = 0;

export class Bindings {
  /** Namespace names by id; the id of a namespace name. */
  private readonly names: string[] = ["", XML_NAMESPACE, XMLNS_NAMESPACE];
  private readonly ids = new Map<string, number>([
    ["", NO_NAMESPACE],
    [XML_NAMESPACE, 1],
    [XMLNS_NAMESPACE, 2],
  ]);
  /** Prefix ("" for the default namespace) → the ids it is bound to in scope, innermost last. */
  private readonly scopes = new Map<string, number[]>([
    ["xml", [1]],
    ["xmlns", [2]],
  ]);

  /**
   * Binds `prefix` ("" for the default namespace) to `uri` ("" undeclares the default one), or
   * says why Namespaces in XML 1.0 §3 forbids it.
   */
  declare(prefix: string, uri: string): string | undefined {
    if (prefix === "xml" && uri !== XML_NAMESPACE) {
      return `the prefix xml must be bound to ${XML_NAMESPACE}`;
    }
    if (prefix === "xmlns") return "the prefix xmlns cannot be declared";
    if (uri === XMLNS_NAMESPACE) return `${XMLNS_NAMESPACE} cannot be bound`;
    if (uri === XML_NAMESPACE && prefix !== "xml") {
      return `${XML_NAMESPACE} can be bound to the prefix xml only`;
    }
    let id = this.ids.get(uri);
    if (id === undefined) {
      id = this.names.length;
      this.names.push(uri);
      this.ids.set(uri, id);
    }
    const scope = this.scopes.get(prefix);
    if (scope) scope.push(id);
    else this.scopes.set(prefix, [id]);
    return undefined;
  }

  /** The id `prefix` is bound to in scope, or -1 (the default namespace: {@link NO_NAMESPACE}). */
  resolve(prefix: string): number {
    const scope = this.scopes.get(prefix);
    const id = scope?.[scope.length - 1];
    return id ?? (prefix === "" ? NO_NAMESPACE : -1);
  }

  /** The namespace name of `id`. */
  name(id: number): string {
    return this.names[id] as string;
  }

  /** Ends the innermost binding of each of `prefixes` (those an element declared). */
  undeclare(prefixes: readonly string[] | undefined): void {
    if (prefixes) for (const p of prefixes) this.scopes.get(p)?.pop();
  }
}
