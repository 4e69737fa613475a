/// Dispatch of one validated layer to its kernel. Shapes were checked by `inferShapes`, so the kernels trust them.
extension TextNetwork {
    /// `deleted`: for a global average pool in a pass with a `ColumnCut`, the kept column standing for the deleted
    /// ones and their number (`PaddingColumns.gap`).
    /// `widening`: the node re-widens its input from one block to a shorter one first (`ColumnCut.widen`), into the
    /// start of `scratch`; its kernel's scratch follows the copy (`makePlan`).
    func execute(_ layer: Layer, inputs: [UnsafePointer<Float>], shapes: [[Int]], output: UnsafeMutablePointer<Float>,
                 outShape: [Int], scratch: UnsafeMutablePointer<Float>, deleted: (column: Int, deleted: Int)? = nil,
                 widening: (from: ColumnCut.Block, to: ColumnCut.Block, per: Int)? = nil) {
        if let widening {
            var shapes = shapes, inputs = inputs
            let s = shapes[0], rows = s[..<3].reduce(1, *)
            ColumnCut.widen(inputs[0], rows: rows, width: s[3], per: widening.per, from: widening.from, to: widening.to,
                            into: scratch)
            shapes[0][3] += (widening.from.count - widening.to.count) * widening.per
            inputs[0] = UnsafePointer(scratch)
            return execute(layer, inputs: inputs, shapes: shapes, output: output, outShape: outShape,
                           scratch: scratch + shapes[0].reduce(1, *), deleted: deleted)
        }
        let x = inputs[0], shape = shapes[0]
        let count = outShape.reduce(1, *)
        switch layer {
        case .conv(let c):
            ConvolutionKernel.run(c, input: x, height: shape[2], width: shape[3], output: output,
                                  outHeight: outShape[2], outWidth: outShape[3], residual: inputs.count > 1 ? inputs[1] : nil,
                                  scratch: scratch)
        case .convTranspose(let c):
            ConvTransposeKernel.run(c, input: x, height: shape[2], width: shape[3], output: output, scratch: scratch)
        case .linear(let l):
            TensorKernels.linear(l, input: x, rows: count / l.outputFeatures, residual: inputs.count > 1 ? inputs[1] : nil,
                                 output: output)
        case .matmul:
            TensorKernels.matmul(a: x, aShape: shape, b: inputs[1], bShape: shapes[1], output: output, outShape: outShape)
        case .activation(let a):
            Epilogue.apply(a, input: x, output: output, count: count)
        case .binary(let kind, let constant, let constantFirst):
            if let constant {
                constant.data.withUnsafeBufferPointer { c in
                    let (l, ls, r, rs) = constantFirst ? (c.baseAddress!, constant.shape, x, shape) : (x, shape, c.baseAddress!, constant.shape)
                    ElementwiseKernels.binary(kind, lhs: l, lhsShape: ls, rhs: r, rhsShape: rs, output: output, outShape: outShape)
                }
            } else {
                ElementwiseKernels.binary(kind, lhs: x, lhsShape: shape, rhs: inputs[1], rhsShape: shapes[1],
                                          output: output, outShape: outShape)
            }
        case .pool(let p):
            PoolingKernels.pool(p, input: x, channels: shape[0] * shape[1], height: shape[2], width: shape[3],
                                output: output, outHeight: outShape[2], outWidth: outShape[3])
        case .globalAveragePool:
            if let deleted {
                PoolingKernels.globalAverage(input: x, channels: shape[0] * shape[1], height: shape[2], width: shape[3],
                                             column: deleted.column, deleted: deleted.deleted, output: output)
            } else {
                PoolingKernels.globalAverage(input: x, channels: shape[0] * shape[1], pixels: shape[2] * shape[3], output: output)
            }
        case .upsample(let fh, let fw):
            PoolingKernels.upsample(input: x, channels: shape[0] * shape[1], height: shape[2], width: shape[3],
                                    factorH: fh, factorW: fw, output: output)
        case .concat(let axis):
            TensorKernels.concat(inputs: inputs, shapes: shapes, axis: axis, output: output)
        case .reshape:
            break  // shares its input's buffer (memory plan)
        case .transpose(let perm):
            TensorKernels.transpose(input: x, shape: shape, perm: perm, output: output)
        case .slice(let axis, let start, _):
            TensorKernels.slice(input: x, shape: shape, axis: axis, start: start, length: outShape[axis], output: output)
        case .softmax:
            let width = outShape[outShape.count - 1]
            TensorKernels.softmax(input: x, rows: count / width, width: width, output: output)
        case .layerNorm(let gamma, let beta, let epsilon):
            TensorKernels.layerNorm(input: x, rows: count / gamma.count, gamma: gamma, beta: beta, epsilon: epsilon, output: output)
        case .channelAffine(let scale, let shift):
            ElementwiseKernels.channelAffine(input: x, scale: scale, shift: shift, inner: shape[2...].reduce(1, *),
                                             count: count, output: output)
        }
    }
}
