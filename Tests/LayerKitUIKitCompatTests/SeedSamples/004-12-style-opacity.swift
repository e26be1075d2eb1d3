myLayer.style = ["opacity": 0.0] // keyPath: 値 の組みをセット。アニメーション化せず、そのプロパティの初期値が変更されます。
