import {
  BinaryOperationNode,
  type KyselyPlugin,
  OperationNodeTransformer,
  OperatorNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
  ValueNode,
} from 'kysely';

/**
 * `x in ()` is a syntax error in PostgreSQL, and kysely writes it for an empty array (issue 12:
 * bulk operations with `"features": []` answered 500). An empty list matches nothing, so
 * `x in ()` becomes `1 = 0` and `x not in ()` becomes `1 = 1`, for every query at once.
 */
class EmptyInListTransformer extends OperationNodeTransformer {
  protected override transformBinaryOperation(node: BinaryOperationNode): BinaryOperationNode {
    const operator = OperatorNode.is(node.operator) ? node.operator.operator : undefined;
    if ((operator === 'in' || operator === 'not in') && isEmptyList(node.rightOperand)) {
      return BinaryOperationNode.create(
        ValueNode.createImmediate(1),
        OperatorNode.create('='),
        ValueNode.createImmediate(operator === 'in' ? 0 : 1),
      );
    }
    return super.transformBinaryOperation(node);
  }
}

function isEmptyList(node: { kind: string }): boolean {
  return (
    (node.kind === 'PrimitiveValueListNode' || node.kind === 'ValueListNode') &&
    (node as unknown as { values: readonly unknown[] }).values.length === 0
  );
}

export class EmptyInListPlugin implements KyselyPlugin {
  readonly #transformer = new EmptyInListTransformer();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#transformer.transformNode(args.node);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}
