import ts from 'typescript';

/**
 * The route files of packages/contract/src (`*.routes.ts` and their `route-kit.ts`), as the
 * browser bundle needs them: without the texts that only the OpenAPI document shows. The client
 * reads a route's method, path and success schema (app/lib/api.ts), never its `summary`, its
 * `description`s (the operation's, a parameter's `.meta({ description })`, a tag's) nor the
 * description of each answer (`successAnswer(schema, text)`, `errorAnswer(text)`,
 * `jsonBody(schema, text)`, realtime's `streamAnswer(text)`): each of those texts becomes `''`.
 * The API and the server build keep the files as they are (apps/web/vite.config.ts applies this
 * to the client only), so GET /v2/openapi.json is unchanged. @returns the source with the texts
 * emptied (the same source when it holds none).
 */
export function withoutRouteDocs(source: string, fileName: string): string {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const emptied: { start: number; end: number }[] = [];
  /** The argument of each answer helper that is its description, by the helper's name. */
  const textArgument: Record<string, number> = { successAnswer: 1, errorAnswer: 0, jsonBody: 1, streamAnswer: 0 };
  const isText = (node: ts.Node): boolean =>
    ts.isStringLiteral(node) ||
    ts.isNoSubstitutionTemplateLiteral(node) ||
    (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken && isText(node.left) && isText(node.right)) ||
    (ts.isParenthesizedExpression(node) && isText(node.expression));
  const visit = (node: ts.Node) => {
    if (
      ts.isPropertyAssignment(node) &&
      ts.isIdentifier(node.name) &&
      (node.name.text === 'summary' || node.name.text === 'description') &&
      isText(node.initializer)
    ) {
      emptied.push({ start: node.initializer.getStart(file), end: node.initializer.getEnd() });
      return;
    }
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text in textArgument) {
      const argument = node.arguments[textArgument[node.expression.text] ?? -1];
      if (argument && isText(argument)) emptied.push({ start: argument.getStart(file), end: argument.getEnd() });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  let result = source;
  for (const { start, end } of emptied.sort((a, b) => b.start - a.start)) result = `${result.slice(0, start)}''${result.slice(end)}`;
  return result;
}

/** Whether a module id is one of the contract's route files that `withoutRouteDocs` trims. */
export function isRouteFile(id: string): boolean {
  return /[\\/]packages[\\/]contract[\\/]src[\\/](?:[\w-]+\.routes|route-kit)\.ts$/.test(id);
}
