import pytest
import torch
import torch.nn.functional as F

from copfl.core.models import ModelSpec, build_model
from copfl.core.params import FlatParams, SelectionError


def test_parameters_are_views_into_one_vector():
    m = build_model("cnn", ModelSpec((3, 32, 32), 10))
    fp = FlatParams(m)
    assert fp.numel == sum(p.numel() for p in m.parameters()) == 878_538
    fp.vector.fill_(0.5)
    assert all(bool((p == 0.5).all()) for p in m.parameters())
    m.fc.bias.data.fill_(2.0)
    s = next(s for s in fp.slices if s.name == "fc.bias")
    assert torch.equal(fp.vector[s.offset : s.end], torch.full((10,), 2.0))


@pytest.mark.parametrize("channels_last", [False, True])
def test_gradient_accumulates_into_flat_grad_and_matches_plain_model(channels_last):
    torch.manual_seed(0)
    ref = build_model("cnn", ModelSpec((3, 32, 32), 10))
    m = build_model("cnn", ModelSpec((3, 32, 32), 10))
    m.load_state_dict(ref.state_dict())
    fp = FlatParams(m, channels_last=channels_last)
    x, y = torch.randn(4, 3, 32, 32), torch.tensor([0, 1, 2, 3])
    F.cross_entropy(ref(x), y).backward()
    F.cross_entropy(m(x), y).backward()
    named = fp.unflatten(fp.grad)
    for name, p in ref.named_parameters():
        torch.testing.assert_close(named[name], p.grad, rtol=1e-5, atol=1e-6)
    # views survive zeroing: a second backward lands in the same vector
    fp.grad.zero_()
    F.cross_entropy(m(x), y).backward()
    torch.testing.assert_close(fp.unflatten(fp.grad)["fc.weight"], ref.fc.weight.grad, rtol=1e-5, atol=1e-6)


def test_selections_on_resnet():
    m = build_model("resnet18", ModelSpec((3, 32, 32), 10), stem="cifar", width=0.125)
    fp = FlatParams(m)
    head, body, norm, w, b = (fp.select(s) for s in ("head", "body", "norm", "weights", "biases"))
    assert fp.head_module == "fc"
    assert int(head.sum()) == m.fc.weight.numel() + m.fc.bias.numel()
    assert torch.equal(head | body, torch.ones_like(head)) and not bool((head & body).any())
    bn_params = sum(p.numel() for n, p in m.named_parameters() if ".bn" in n or n.startswith("bn") or "downsample.1" in n)
    assert int(norm.sum()) == bn_params
    assert int(b.sum()) == m.fc.bias.numel()  # convolutions have no bias in ResNet
    assert torch.equal(w | norm | b, torch.ones_like(w))
    assert torch.equal(fp.select("head+norm"), head | norm)
    assert int(fp.select("prefix:conv1").sum()) == m.conv1.weight.numel()
    assert fp.buffers.numel() == bn_params  # running mean+var per channel, like weight+bias


def test_bad_selection_names_the_choices():
    fp = FlatParams(build_model("mlp", ModelSpec((1, 8, 8), 10)))
    with pytest.raises(SelectionError, match="unknown parameter selection 'heads'.*head"):
        fp.select("heads")
    with pytest.raises(SelectionError, match="no parameter name starts with"):
        fp.select("prefix:nothing")
