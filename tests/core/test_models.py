import pytest
import torch

from copfl.core.models import ModelSpec, build_model


def n_params(m):
    return sum(p.numel() for p in m.parameters())


def test_fedavg_cnn_sizes():
    # 3*32*25+32 + 32*64*25+64 + 1600*512+512 + 512*10+10
    assert n_params(build_model("cnn", ModelSpec((3, 32, 32), 10))) == 2432 + 51264 + 819712 + 5130
    # 28x28x1: 1024 features after the second pool
    assert n_params(build_model("cnn", ModelSpec((1, 28, 28), 10))) == 832 + 51264 + 1024 * 512 + 512 + 5130


def test_resnet18_matches_torchvision_size_and_both_stems_run():
    m = build_model("resnet18", ModelSpec((3, 32, 32), 10))
    assert n_params(m) == 11_181_642  # torchvision resnet18 with a 10-class fc
    assert m.conv1.kernel_size == (7, 7) and isinstance(m.maxpool, torch.nn.MaxPool2d)
    c = build_model("resnet18", ModelSpec((3, 32, 32), 10), stem="cifar", width=0.25)
    assert c.conv1.kernel_size == (3, 3) and c.fc.in_features == 128
    assert c(torch.randn(2, 3, 32, 32)).shape == (2, 10)


def test_unknown_model_and_bad_sizes():
    with pytest.raises(ValueError, match="available models: cnn, lenet5, logreg, lstm, mlp, resnet18"):
        build_model("vgg", ModelSpec((3, 32, 32), 10))
    with pytest.raises(ValueError, match="at least 12x12.*--model mlp"):
        build_model("cnn", ModelSpec((1, 8, 8), 10))


def test_forward_macs_by_hand():
    from copfl.core.models import forward_macs

    # conv1: 32x28x28 outputs x 3*5*5; conv2: 64x10x10 x 32*5*5; fc1 1600x512; fc 512x10
    assert forward_macs(build_model("cnn", ModelSpec((3, 32, 32), 10)), (3, 32, 32)) == 25088 * 75 + 6400 * 800 + 1600 * 512 + 5120
    assert forward_macs(build_model("mlp", ModelSpec((1, 8, 8), 10)), (1, 8, 8)) == 64 * 200 + 200 * 200 + 200 * 10
    # 80 steps x 2 layers x 4 gates x 256 x (input + 256), then the last step's 256 x 80
    lstm = build_model("lstm", ModelSpec((80,), 80))
    assert forward_macs(lstm, (80,)) == 80 * 4 * 256 * ((8 + 256) + (256 + 256)) + 256 * 80 + 80 * 2 * 3 * 256  # + the cells' products


def test_lenet5_and_logreg():
    le = build_model("lenet5", ModelSpec((1, 28, 28), 62))
    assert le.fc.out_features == 62 and le.fc1.in_features == 16 * 5 * 5
    import torch

    assert le(torch.zeros(2, 1, 28, 28)).shape == (2, 62)
    lr = build_model("logreg", ModelSpec((1, 28, 28), 62))
    assert sum(p.numel() for p in lr.parameters()) == 784 * 62 + 62


def test_lstm_model_and_kind_checks():
    import torch

    m = build_model("lstm", ModelSpec((80,), 80))
    assert m(torch.zeros(3, 80, dtype=torch.long)).shape == (3, 80)
    with pytest.raises(ValueError, match="model 'cnn' does not take token sequences; models for token sequences: lstm"):
        build_model("cnn", ModelSpec((80,), 80))
    with pytest.raises(ValueError, match="model 'lstm' does not take images"):
        build_model("lstm", ModelSpec((3, 32, 32), 10))
