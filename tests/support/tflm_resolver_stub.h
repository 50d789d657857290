/*
 * tflm_resolver_stub.h - the shape of TFLM's tflite::MicroMutableOpResolver, for the tests that
 * build programs from generated model sources (test_model_source.c), which cannot use TFLM
 * itself (no code of another project enters the repository).
 *
 * The class template has every Add* method that registers an operator, by the names tflite-micro
 * 90b983c2b declares in tensorflow/lite/micro/micro_mutable_op_resolver.h (118 of them; AddCustom
 * and AddBuiltin, which take a registration of the caller's, left out). Each records its name
 * and returns kTfLiteOk, or kTfLiteError, as TFLM does, when tOpCount methods were registered
 * already or it was registered before. TfLiteStatus is global, as TFLM's C API declares it.
 */
#ifndef AP_TFLM_RESOLVER_STUB_H
#define AP_TFLM_RESOLVER_STUB_H

#include <cstring>

typedef enum TfLiteStatus { kTfLiteOk = 0, kTfLiteError = 1 } TfLiteStatus;

namespace tflite {

template <unsigned int tOpCount>
class MicroMutableOpResolver {
  public:
    unsigned int registered = 0;        /* methods registered, in order */
    const char *names[tOpCount + 1] = {}; /* their names */
    unsigned int refused = 0;           /* calls that returned kTfLiteError */

    TfLiteStatus AddAbs() { return Record("AddAbs"); }
    TfLiteStatus AddAdd() { return Record("AddAdd"); }
    TfLiteStatus AddAddN() { return Record("AddAddN"); }
    TfLiteStatus AddArgMax() { return Record("AddArgMax"); }
    TfLiteStatus AddArgMin() { return Record("AddArgMin"); }
    TfLiteStatus AddAssignVariable() { return Record("AddAssignVariable"); }
    TfLiteStatus AddAveragePool2D() { return Record("AddAveragePool2D"); }
    TfLiteStatus AddBatchMatMul() { return Record("AddBatchMatMul"); }
    TfLiteStatus AddBatchToSpaceNd() { return Record("AddBatchToSpaceNd"); }
    TfLiteStatus AddBroadcastArgs() { return Record("AddBroadcastArgs"); }
    TfLiteStatus AddBroadcastTo() { return Record("AddBroadcastTo"); }
    TfLiteStatus AddCallOnce() { return Record("AddCallOnce"); }
    TfLiteStatus AddCast() { return Record("AddCast"); }
    TfLiteStatus AddCeil() { return Record("AddCeil"); }
    TfLiteStatus AddCircularBuffer() { return Record("AddCircularBuffer"); }
    TfLiteStatus AddConcatenation() { return Record("AddConcatenation"); }
    TfLiteStatus AddConv2D() { return Record("AddConv2D"); }
    TfLiteStatus AddCos() { return Record("AddCos"); }
    TfLiteStatus AddCumSum() { return Record("AddCumSum"); }
    TfLiteStatus AddDecode() { return Record("AddDecode"); }
    TfLiteStatus AddDelay() { return Record("AddDelay"); }
    TfLiteStatus AddDepthToSpace() { return Record("AddDepthToSpace"); }
    TfLiteStatus AddDepthwiseConv2D() { return Record("AddDepthwiseConv2D"); }
    TfLiteStatus AddDequantize() { return Record("AddDequantize"); }
    TfLiteStatus AddDetectionPostprocess() { return Record("AddDetectionPostprocess"); }
    TfLiteStatus AddDiv() { return Record("AddDiv"); }
    TfLiteStatus AddDynamicUpdateSlice() { return Record("AddDynamicUpdateSlice"); }
    TfLiteStatus AddElu() { return Record("AddElu"); }
    TfLiteStatus AddEmbeddingLookup() { return Record("AddEmbeddingLookup"); }
    TfLiteStatus AddEnergy() { return Record("AddEnergy"); }
    TfLiteStatus AddEqual() { return Record("AddEqual"); }
    TfLiteStatus AddEthosU() { return Record("AddEthosU"); }
    TfLiteStatus AddExp() { return Record("AddExp"); }
    TfLiteStatus AddExpandDims() { return Record("AddExpandDims"); }
    TfLiteStatus AddFftAutoScale() { return Record("AddFftAutoScale"); }
    TfLiteStatus AddFill() { return Record("AddFill"); }
    TfLiteStatus AddFilterBank() { return Record("AddFilterBank"); }
    TfLiteStatus AddFilterBankLog() { return Record("AddFilterBankLog"); }
    TfLiteStatus AddFilterBankSpectralSubtraction() { return Record("AddFilterBankSpectralSubtraction"); }
    TfLiteStatus AddFilterBankSquareRoot() { return Record("AddFilterBankSquareRoot"); }
    TfLiteStatus AddFloor() { return Record("AddFloor"); }
    TfLiteStatus AddFloorDiv() { return Record("AddFloorDiv"); }
    TfLiteStatus AddFloorMod() { return Record("AddFloorMod"); }
    TfLiteStatus AddFramer() { return Record("AddFramer"); }
    TfLiteStatus AddFullyConnected() { return Record("AddFullyConnected"); }
    TfLiteStatus AddGather() { return Record("AddGather"); }
    TfLiteStatus AddGatherNd() { return Record("AddGatherNd"); }
    TfLiteStatus AddGreater() { return Record("AddGreater"); }
    TfLiteStatus AddGreaterEqual() { return Record("AddGreaterEqual"); }
    TfLiteStatus AddHardSwish() { return Record("AddHardSwish"); }
    TfLiteStatus AddIf() { return Record("AddIf"); }
    TfLiteStatus AddIrfft() { return Record("AddIrfft"); }
    TfLiteStatus AddL2Normalization() { return Record("AddL2Normalization"); }
    TfLiteStatus AddL2Pool2D() { return Record("AddL2Pool2D"); }
    TfLiteStatus AddLeakyRelu() { return Record("AddLeakyRelu"); }
    TfLiteStatus AddLess() { return Record("AddLess"); }
    TfLiteStatus AddLessEqual() { return Record("AddLessEqual"); }
    TfLiteStatus AddLog() { return Record("AddLog"); }
    TfLiteStatus AddLogSoftmax() { return Record("AddLogSoftmax"); }
    TfLiteStatus AddLogicalAnd() { return Record("AddLogicalAnd"); }
    TfLiteStatus AddLogicalNot() { return Record("AddLogicalNot"); }
    TfLiteStatus AddLogicalOr() { return Record("AddLogicalOr"); }
    TfLiteStatus AddLogistic() { return Record("AddLogistic"); }
    TfLiteStatus AddMaxPool2D() { return Record("AddMaxPool2D"); }
    TfLiteStatus AddMaximum() { return Record("AddMaximum"); }
    TfLiteStatus AddMean() { return Record("AddMean"); }
    TfLiteStatus AddMinimum() { return Record("AddMinimum"); }
    TfLiteStatus AddMirrorPad() { return Record("AddMirrorPad"); }
    TfLiteStatus AddMul() { return Record("AddMul"); }
    TfLiteStatus AddNeg() { return Record("AddNeg"); }
    TfLiteStatus AddNotEqual() { return Record("AddNotEqual"); }
    TfLiteStatus AddOverlapAdd() { return Record("AddOverlapAdd"); }
    TfLiteStatus AddPCAN() { return Record("AddPCAN"); }
    TfLiteStatus AddPack() { return Record("AddPack"); }
    TfLiteStatus AddPad() { return Record("AddPad"); }
    TfLiteStatus AddPadV2() { return Record("AddPadV2"); }
    TfLiteStatus AddPrelu() { return Record("AddPrelu"); }
    TfLiteStatus AddQuantize() { return Record("AddQuantize"); }
    TfLiteStatus AddReadVariable() { return Record("AddReadVariable"); }
    TfLiteStatus AddReduceAll() { return Record("AddReduceAll"); }
    TfLiteStatus AddReduceMax() { return Record("AddReduceMax"); }
    TfLiteStatus AddReduceMin() { return Record("AddReduceMin"); }
    TfLiteStatus AddRelu() { return Record("AddRelu"); }
    TfLiteStatus AddRelu6() { return Record("AddRelu6"); }
    TfLiteStatus AddReshape() { return Record("AddReshape"); }
    TfLiteStatus AddResizeBilinear() { return Record("AddResizeBilinear"); }
    TfLiteStatus AddResizeNearestNeighbor() { return Record("AddResizeNearestNeighbor"); }
    TfLiteStatus AddReverseV2() { return Record("AddReverseV2"); }
    TfLiteStatus AddRfft() { return Record("AddRfft"); }
    TfLiteStatus AddRound() { return Record("AddRound"); }
    TfLiteStatus AddRsqrt() { return Record("AddRsqrt"); }
    TfLiteStatus AddSelectV2() { return Record("AddSelectV2"); }
    TfLiteStatus AddShape() { return Record("AddShape"); }
    TfLiteStatus AddSin() { return Record("AddSin"); }
    TfLiteStatus AddSlice() { return Record("AddSlice"); }
    TfLiteStatus AddSoftmax() { return Record("AddSoftmax"); }
    TfLiteStatus AddSpaceToBatchNd() { return Record("AddSpaceToBatchNd"); }
    TfLiteStatus AddSpaceToDepth() { return Record("AddSpaceToDepth"); }
    TfLiteStatus AddSplit() { return Record("AddSplit"); }
    TfLiteStatus AddSplitV() { return Record("AddSplitV"); }
    TfLiteStatus AddSqrt() { return Record("AddSqrt"); }
    TfLiteStatus AddSquare() { return Record("AddSquare"); }
    TfLiteStatus AddSquaredDifference() { return Record("AddSquaredDifference"); }
    TfLiteStatus AddSqueeze() { return Record("AddSqueeze"); }
    TfLiteStatus AddStacker() { return Record("AddStacker"); }
    TfLiteStatus AddStridedSlice() { return Record("AddStridedSlice"); }
    TfLiteStatus AddSub() { return Record("AddSub"); }
    TfLiteStatus AddSum() { return Record("AddSum"); }
    TfLiteStatus AddSvdf() { return Record("AddSvdf"); }
    TfLiteStatus AddTanh() { return Record("AddTanh"); }
    TfLiteStatus AddTranspose() { return Record("AddTranspose"); }
    TfLiteStatus AddTransposeConv() { return Record("AddTransposeConv"); }
    TfLiteStatus AddUnidirectionalSequenceLSTM() { return Record("AddUnidirectionalSequenceLSTM"); }
    TfLiteStatus AddUnpack() { return Record("AddUnpack"); }
    TfLiteStatus AddVarHandle() { return Record("AddVarHandle"); }
    TfLiteStatus AddWhile() { return Record("AddWhile"); }
    TfLiteStatus AddWindow() { return Record("AddWindow"); }
    TfLiteStatus AddZerosLike() { return Record("AddZerosLike"); }

  private:
    TfLiteStatus Record(const char *method)
    {
        for (unsigned int k = 0; k < registered; k++)
            if (std::strcmp(names[k], method) == 0) {
                refused++;
                return kTfLiteError;
            }
        if (registered >= tOpCount) {
            refused++;
            return kTfLiteError;
        }
        names[registered++] = method;
        return kTfLiteOk;
    }
};

}  // namespace tflite

#endif
