// One rule for results: every method of the typed API (src/api/index.ts, from each feature's table.ts) resolves an
// object that carries `message`, the one sentence the palette would show. Read from
// the declared types with the TypeScript checker, so a new method whose result type
// lacks the field fails here before anyone calls it.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import * as ts from 'typescript';

const root = path.join(__dirname, '..', '..', '..');
const apiFile = path.join(root, 'src', 'api', 'index.ts');

/** For each method of DataHubCommands: the members of its resolved result (undefined removed) that lack `message`, as text. */
function resultsWithoutMessage(): { methods: number; lacking: string[] } {
  const config = ts.readConfigFile(path.join(root, 'tsconfig.json'), (file) => ts.sys.readFile(file));
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, root);
  const program = ts.createProgram([apiFile], { ...parsed.options, noEmit: true });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(apiFile);
  assert.ok(source, 'src/api/index.ts not found');
  const declaration = source.statements.find((s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === 'DataHubCommands');
  assert.ok(declaration, 'interface DataHubCommands not found in src/api/index.ts');
  const lacking: string[] = [];
  let methods = 0;
  // Every method, the ones each feature's table.ts declares included (DataHubCommands extends them).
  for (const method of checker.getPropertiesOfType(checker.getTypeAtLocation(declaration.name))) {
    const signature = checker.getTypeOfSymbolAtLocation(method, declaration).getCallSignatures()[0];
    if (!signature) continue;
    methods++;
    const name = method.name;
    const returned = checker.getReturnTypeOfSignature(signature);
    const awaited = checker.getAwaitedType(returned) ?? returned;
    const parts = awaited.isUnion() ? awaited.types : [awaited];
    for (const part of parts) {
      if (part.flags & ts.TypeFlags.Undefined) continue;
      const message = part.flags & ts.TypeFlags.Object || part.isIntersection() ? checker.getPropertyOfType(part, 'message') : undefined;
      const isString = message && checker.getTypeOfSymbol(message).flags & ts.TypeFlags.StringLike;
      if (!message || !isString || message.flags & ts.SymbolFlags.Optional) lacking.push(`${name}: ${checker.typeToString(part)}`);
    }
  }
  return { methods, lacking };
}

describe('typed API results', () => {
  it('every method resolves an object with a required `message: string`', () => {
    const { methods, lacking } = resultsWithoutMessage();
    assert.ok(methods >= 40, `expected the typed API's methods, found ${methods}`);
    assert.deepEqual(lacking, [], `API results without a required message:\n${lacking.join('\n')}`);
  });
});
