"""copfl.reproduce.cells: the papers' settings (the columns) and what the protocol needs of the data."""

from copfl.reproduce.cells import paper_setting


def test_miniimagenet_subset_cannot_hold_the_protocol():
    # 20 clients x 10 classes x 50 samples needs 100 training images per class
    st = paper_setting("miniimagenet", 20)
    assert st.classes_per_client == 10 and st.clients * st.classes_per_client * st.samples_per_class // 100 == 100
